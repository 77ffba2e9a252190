#pragma once
namespace vendor { struct Order { long legacy; }; }
