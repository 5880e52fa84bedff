import ArcMaskGIF
import ArcMaskLottie
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskVideo

// The names a front end needs from the formats, given by the entry point: the settings each
// format reads (`SourceOptions` holds them), the reports `inspect` prints, and the two sample
// inputs `generate` writes. A front end imports ArcMaskSources, never a format's module.

// Settings.
public typealias LottieOptions = ArcMaskLottieRender.LottieOptions
public typealias LottieLimits = ArcMaskLottie.LottieLimits
public typealias LottieOverrides = ArcMaskLottie.LottieOverrides
public typealias SVGALimits = ArcMaskSVGA.SVGALimits
public typealias SVGLimits = ArcMaskSVG.SVGLimits
public typealias SequenceOptions = ArcMaskSequence.SequenceOptions
public typealias VideoOptions = ArcMaskVideo.VideoOptions
public typealias SVGADynamicContent = ArcMaskSVGA.SVGADynamicContent

// SVGA files as `inspect` and `render` describe and draw them.
public typealias SVGAMovie = ArcMaskSVGA.SVGAMovie
public typealias SVGAReader = ArcMaskSVGA.SVGAReader
public typealias SVGAReport = ArcMaskSVGA.SVGAReport
public typealias SVGAKey = ArcMaskSVGA.SVGAKey
public typealias SVGAFrameSource = ArcMaskSVGA.SVGAFrameSource

// Reports.
public typealias GIFReport = ArcMaskGIF.GIFReport

// Samples `generate` writes: a GIF test pattern and the SVGA gift banner.
public typealias TestPattern = ArcMaskGIF.TestPattern
public typealias SVGAGiftExample = ArcMaskSVGA.SVGAGiftExample
