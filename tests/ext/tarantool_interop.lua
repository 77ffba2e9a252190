-- Checks msgpack-gen's Decimal and Uuid encodings against the installed Tarantool's own msgpack.
-- Usage: tarantool tarantool_interop.lua <path to ext_tarantool_vectors>
-- For each vector line "<kind>|<hex>|<text>|<scale>": Tarantool must decode our bytes to the
-- same text, and encode the text to the same bytes (decimals with a negative scale only by
-- value: Tarantool parses "1000" with scale 0 where ours was 1E+3).
local msgpack = require('msgpack')
local decimal = require('decimal')
local uuid = require('uuid')

local function tohex(s)
    return (s:gsub('.', function(c) return string.format('%02x', string.byte(c)) end))
end
local function unhex(h)
    return (h:gsub('..', function(x) return string.char(tonumber(x, 16)) end))
end

local vectors = io.popen(arg[1])
local checked, failures = 0, 0
local function fail(line, why)
    failures = failures + 1
    if failures <= 10 then print('MISMATCH ' .. why .. ': ' .. line) end
end

for line in vectors:lines() do
    local kind, h, text, scale = line:match('^(%a+)|([^|]*)|([^|]*)|(%-?%d+)$')
    if kind == nil then
        fail(line, 'unparsable line')
    else
        h = h:gsub(' ', '')
        scale = tonumber(scale)
        local ok, decoded = pcall(msgpack.decode, unhex(h))
        if kind == 'baduuid' then
            if ok then fail(line, 'tarantool accepts a uuid we refuse') end
            if uuid.fromstr(text) ~= nil then fail(line, 'tarantool parses a uuid we refuse') end
        elseif not ok then
            fail(line, 'tarantool cannot decode our bytes')
        elseif kind == 'decimal' then
            local ours = decimal.new(text)
            if decoded ~= ours then fail(line, 'value differs') end
            -- Tarantool prints a zero with a negative scale as "000"; ours prints "0".
            if not (decimal.is_decimal(decoded) and decoded == 0 and scale < 0) and
                    tostring(decoded) ~= text then
                fail(line, 'tostring ' .. tostring(decoded))
            end
            if scale >= 0 and tohex(msgpack.encode(ours)) ~= h then
                fail(line, 'tarantool encodes ' .. tohex(msgpack.encode(ours)))
            end
        elseif kind == 'uuid' then
            if tostring(decoded) ~= text then fail(line, 'tostring ' .. tostring(decoded)) end
            if tohex(msgpack.encode(uuid.fromstr(text))) ~= h then
                fail(line, 'tarantool encodes differently')
            end
        else
            fail(line, 'unknown kind')
        end
        checked = checked + 1
    end
end
local closed = vectors:close()
if not closed then fail('', 'vector generator failed') end
print(string.format('checked %d vectors, %d mismatches', checked, failures))
os.exit((failures == 0 and checked > 0) and 0 or 1)
