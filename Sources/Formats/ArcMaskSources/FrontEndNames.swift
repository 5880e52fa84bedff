import ArcMaskGIF
import ArcMaskLottie
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskVideo

// The settings each format reads (`SourceOptions` holds them), given by the entry point: a front
// end imports ArcMaskSources, never a format's module.

// Settings.
public typealias LottieOptions = ArcMaskLottieRender.LottieOptions
public typealias LottieLimits = ArcMaskLottie.LottieLimits
public typealias LottieOverrides = ArcMaskLottie.LottieOverrides
public typealias SVGALimits = ArcMaskSVGA.SVGALimits
public typealias SVGLimits = ArcMaskSVG.SVGLimits
public typealias SequenceOptions = ArcMaskSequence.SequenceOptions
public typealias VideoOptions = ArcMaskVideo.VideoOptions
public typealias SVGADynamicContent = ArcMaskSVGA.SVGADynamicContent
