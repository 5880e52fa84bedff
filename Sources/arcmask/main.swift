import ArcMaskCLI

ArcMaskCommand.main()
