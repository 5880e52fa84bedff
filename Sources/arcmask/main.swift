import ArcMaskCLI
import ArcMaskRuntime

Interrupts.install()
ArcMaskCommand.main()
