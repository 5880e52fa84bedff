#ifndef ARCMASK_CFREETYPE_SHIM_H
#define ARCMASK_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#endif
