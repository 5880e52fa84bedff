import ArcMaskCLI
import ArcMaskRuntime

// MemoryReuse is installed once the input is open (InputOptions.open): not for video, whose
// frames come from FFmpeg's pools.
Interrupts.install()
ArcMaskCommand.start()
