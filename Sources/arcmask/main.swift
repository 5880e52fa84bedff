import ArcMaskCLI
import ArcMaskRuntime

MemoryReuse.install()
Interrupts.install()
ArcMaskCommand.start()
