/** The sizes (kB of text added to /bench-static) of the benchmark's static baselines, /bench-static/{kb}. */
export const BENCH_STATIC_SIZES_KB = [2, 4, 8, 12, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 256];
