-- The server side of the example: spaces with tuple formats, their indexes, the Lua functions
-- the client calls, and guest access. Run it in an empty folder (it keeps its files there):
--   tarantool init.lua                          listens on 127.0.0.1:3301
--   TT_LISTEN=127.0.0.1:0 TT_READY_FILE=ready TT_WATCH_PID=<pid> tarantool init.lua
--   TT_CONTRACT=format_row.contract.json tarantool init.lua    (also the space `contract_rows`)
-- With TT_READY_FILE, once everything is set up it writes "<port> <pid> <instance uuid>" to
-- that file, which is how the test learns the port the system chose and which process it is.
-- With TT_WATCH_PID, it exits when that process is gone.
local decimal = require('decimal')
local uuid = require('uuid')
local msgpack = require('msgpack')
local fio = require('fio')
local ffi = require('ffi')

box.cfg{
    listen = os.getenv('TT_LISTEN') or '127.0.0.1:3301',
    log = 'tarantool.log',
    memtx_memory = 128 * 1024 * 1024,
}

-- Ids are fixed because the client addresses spaces by id (it does not fetch the schema).
local user_format = {
    {name = 'id', type = 'unsigned'},
    {name = 'name', type = 'string'},
    {name = 'tags', type = 'array'},
    {name = 'meta', type = 'map'},
    {name = 'balance', type = 'decimal'},
    {name = 'uuid', type = 'uuid'},
    {name = 'email', type = 'string', is_nullable = true},
}
for _, space in ipairs({{'users', 512}, {'bench', 514}, {'bench_pipelined', 515}}) do
    local s = box.schema.space.create(space[1], {id = space[2], format = user_format,
                                                 if_not_exists = true})
    s:create_index('primary', {parts = {'id'}, if_not_exists = true})
end
local ext_values = box.schema.space.create('ext_values', {id = 513, if_not_exists = true,
    format = {{name = 'id', type = 'unsigned'}, {name = 'amount', type = 'decimal'},
              {name = 'uuid', type = 'uuid'}}})
ext_values:create_index('primary', {parts = {'id'}, if_not_exists = true})

-- With TT_CONTRACT (a contract msgpack-gen wrote with --write-contract), the space
-- `contract_rows` (id 516) of checks::FormatRow tuples, its format the contract's "space_format".
local contract_path = os.getenv('TT_CONTRACT')
if contract_path then
    local file = assert(fio.open(contract_path, {'O_RDONLY'}))
    local contract = require('json').decode(file:read(file:stat().size))
    file:close()
    for _, s in ipairs(contract.structs) do
        if s.id == 'checks::FormatRow' then
            local space = box.schema.space.create('contract_rows', {id = 516, if_not_exists = true,
                                                                    format = s.space_format})
            space:create_index('primary', {parts = {'id'}, if_not_exists = true})
        end
    end
    assert(box.space.contract_rows, 'no checks::FormatRow in ' .. contract_path)
end

-- The format of a space, as the server keeps it.
function space_format(space_name)
    return box.space[space_name]:format()
end

-- A map in, a map out: the client sends a map-mode DTO and decodes the table returned.
function score(request)
    local total = 0
    for _, p in ipairs(request.points) do total = total + p end
    local heavy = {}
    for name, weight in pairs(request.weights) do
        if weight > 1 then table.insert(heavy, name) end
    end
    table.sort(heavy)
    return {
        greeting = 'hello, ' .. request.name,
        total = total,
        average = #request.points > 0 and total / #request.points or 0,
        with_bonus = decimal.new(total) + request.bonus,
        heavy_weights = heavy,
        missing = request.note,  -- nil unless the client sent a note
    }
end

-- The stored bytes of every tuple of a space, in primary key order: msgpack.encode() of a tuple
-- copies its msgpack as Tarantool keeps it.
function stored_tuples(space_name)
    local result = {}
    for _, t in box.space[space_name]:pairs() do table.insert(result, msgpack.encode(t)) end
    return result
end

-- Values made by Lua itself: stored, and returned with Lua's own text for them.
function lua_ext_values(id)
    local row = ext_values:insert{id, decimal.new('-1.5e-10'), uuid.new()}
    return row, tostring(row[2]), tostring(row[3])
end

-- How Lua sees a row the client stored: the types and the text of its values.
function describe_ext(id)
    local row = ext_values:get(id)
    return {amount = tostring(row[2]), uuid = tostring(row[3]),
            is_decimal = decimal.is_decimal(row[2]),
            is_uuid = ffi.istype('struct tt_uuid', row[3])}  -- 2.6 has no uuid.is_uuid()
end

-- Users with nothing in the nullable field: an explicit nil, and a shorter tuple.
function insert_sparse_users(id)
    local empty_map = setmetatable({}, {__serialize = 'map'})  -- {} alone would be an array
    box.space.users:insert{id, 'null email', {}, empty_map, decimal.new(0), uuid.new(), box.NULL}
    box.space.users:insert{id + 1, 'no email', {'x'}, {k = 'v'}, decimal.new('1.25'), uuid.new()}
end

function truncate(space_name)
    box.space[space_name]:truncate()
end

box.schema.user.grant('guest', 'read,write,execute', 'universe', nil, {if_not_exists = true})

-- A test harness that is killed outright cannot stop us: notice that it is gone, and exit.
local watch_pid = os.getenv('TT_WATCH_PID')
if watch_pid then
    require('fiber').create(function()
        while fio.path.exists('/proc/' .. watch_pid) do require('fiber').sleep(0.2) end
        os.exit(1)
    end)
end

local ready_file = os.getenv('TT_READY_FILE')
if ready_file then
    local port = box.info.listen:match(':(%d+)$')
    local file = fio.open(ready_file .. '.tmp', {'O_WRONLY', 'O_CREAT', 'O_TRUNC'}, tonumber('644', 8))
    file:write(string.format('%s %d %s\n', port, box.info.pid, box.info.uuid))
    file:close()
    fio.rename(ready_file .. '.tmp', ready_file)  -- the reader never sees half a line
end
