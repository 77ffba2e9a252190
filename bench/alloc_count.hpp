// Counts heap allocations made by the benchmark binary: every operator new (global operators
// are replaced in alloc_count.cpp) and every malloc, calloc and realloc (the link wraps them with
// -Wl,--wrap, see CMakeLists.txt; msgpack_gen::Buffer and msgpack-c's zone and sbuffer use the
// C functions). Frees are not counted. The benchmark is single-threaded, so the counter is a
// plain integer: an atomic would add a locked instruction to every allocation and tax the codec
// that allocates more.
#pragma once

#include <cstdint>

namespace bench {

// Allocations made so far by the whole process (operator new + malloc + calloc + realloc).
std::uint64_t allocations() noexcept;

}  // namespace bench
