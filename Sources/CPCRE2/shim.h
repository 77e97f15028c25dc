#ifndef BUBBLE_CPCRE2_SHIM_H
#define BUBBLE_CPCRE2_SHIM_H
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
