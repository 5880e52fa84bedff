#ifndef ARCMASK_CAVIF_SHIM_H
#define ARCMASK_CAVIF_SHIM_H
// libavif: Debian 12 ships 0.11, Homebrew 1.x; where the API differs, an inline function below
// takes the installed side (the 1.x side follows libavif's documentation and changelog).
#include <stddef.h>
#include <stdint.h>
#include <avif/avif.h>

// Gives `rgb` pixels of its own; 0 on success.
static inline int arcmask_avif_rgb_allocate(avifRGBImage *rgb) {
#if AVIF_VERSION_MAJOR >= 1
    return avifRGBImageAllocatePixels(rgb) == AVIF_RESULT_OK ? 0 : -1;
#else
    avifRGBImageAllocatePixels(rgb);
    return rgb->pixels ? 0 : -1;
#endif
}
#endif
