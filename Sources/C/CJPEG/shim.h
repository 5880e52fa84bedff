#ifndef ARCMASK_CJPEG_SHIM_H
#define ARCMASK_CJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
