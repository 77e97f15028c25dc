#ifndef BUBBLE_CHARFBUZZ_SHIM_H
#define BUBBLE_CHARFBUZZ_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
#endif
