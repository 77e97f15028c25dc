#ifndef BUBBLE_CFONTCONFIG_SHIM_H
#define BUBBLE_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
