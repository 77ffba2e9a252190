// A neighbour of the audit DTO that needs a library the audit target does not have: the
// HEADERS list of add_msgpack_codegen() keeps the generator from reading it.
#pragma once
#include <export_library_not_installed_here.hpp>
