// Everything generated code and users need: buffer, pool, writer, reader, codecs, entry points,
// version.
#pragma once

#include "msgpack_gen/annotate.hpp"
#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/carrays.hpp"
#include "msgpack_gen/chrono.hpp"
#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/containers.hpp"
#include "msgpack_gen/framing.hpp"
#include "msgpack_gen/marshal.hpp"
#include "msgpack_gen/nil.hpp"
#include "msgpack_gen/pointers.hpp"
#include "msgpack_gen/pool.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/sequences.hpp"
#include "msgpack_gen/status.hpp"
#include "msgpack_gen/stream.hpp"
#include "msgpack_gen/tuples.hpp"
#include "msgpack_gen/unknown_fields.hpp"
#include "msgpack_gen/variant.hpp"
#include "msgpack_gen/version.hpp"
#include "msgpack_gen/writer.hpp"
