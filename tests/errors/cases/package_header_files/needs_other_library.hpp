#pragma once
#include <some_library_that_is_not_installed.hpp>
