import ArcMaskCLI
import ArcMaskCore

Interrupts.install()
ArcMaskCommand.main()
