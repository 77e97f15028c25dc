// LeakSanitizer's switches when the executable has its runtime, and nothing when it does not (the fuzz
// targets' coverage-only lane). A weak reference, which Swift cannot write: the static Swift runtime's
// executables do not export the sanitizer's symbols, so dlsym does not find them either.
void bubble_fuzz_leaks_off(void);
void bubble_fuzz_leaks_on(void);
