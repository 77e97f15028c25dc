#include "CFuzzLeaks.h"

__attribute__((weak)) void __lsan_disable(void);
__attribute__((weak)) void __lsan_enable(void);

void bubble_fuzz_leaks_off(void) { if (__lsan_disable) __lsan_disable(); }
void bubble_fuzz_leaks_on(void) { if (__lsan_enable) __lsan_enable(); }
