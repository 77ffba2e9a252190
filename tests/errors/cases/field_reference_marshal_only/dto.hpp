#pragma once
#include <string>
struct Params {
  int x = 1;
};
// Marshal-only: references and const members are written as the values they stand for.
struct Request {
  const Params& params;
  const std::string& name;
  const int id = 2;
};
// Reached from a decoded type, so it gets an unmarshaler too: the reference is an error there.
struct Holder {
  int& count;
};
struct Envelope {
  Holder holder;
};
