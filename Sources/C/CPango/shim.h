#ifndef ARCMASK_CPANGO_SHIM_H
#define ARCMASK_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
