/**
 * The `cabinethub` MAME plugin as files: `plugin.json` and `init.lua`. It reads the watch
 * definition of the running machine from the service's definition folder (the JSON the REST
 * API stores), reads the watched bytes after every frame and publishes the changed ones as
 * network outputs (see plugin-bridge.ts for the names). MAME's own `json` plugin parses the
 * definitions, so MAME runs with `-pluginspath "<this dir>;<MAME's plugins>"`.
 */
import { mkdir, readFile, rmdir, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathExists } from '../../core/storage/path-exists.js'
import { bytesPerOutput, type PluginDescription } from './plugin-bridge.js'

export const pluginName = 'cabinethub'

const pluginJson = `${JSON.stringify({ plugin: { name: pluginName, description: 'cabinet-hub memory bridge: watched values as network outputs', version: '1.0.0', author: 'cabinet-hub', type: 'plugin', start: 'false' } }, null, 2)}\n`

function luaString (text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`
}

/** The plugin `installPlugin` wrote into `pluginsDir`, read back from its `init.lua`; null when none is there. */
export async function installedPlugin (pluginsDir: string): Promise<PluginDescription | null> {
  const folder = path.join(pluginsDir, pluginName)
  let lua: string
  try {
    lua = await readFile(path.join(folder, 'init.lua'), 'utf8')
  } catch {
    return null
  }
  // The line initLua writes, its value undone as luaString escaped it.
  const literal = /^local definitions_dir = "((?:[^"\\]|\\.)*)"$/m.exec(lua)?.[1]
  if (literal === undefined) return null
  const port = /^local service_port = (\d+)$/m.exec(lua)?.[1]
  return { folder, definitionsDir: literal.replace(/\\(.)/g, (_, c: string) => c === 'n' ? '\n' : c), servicePort: port === undefined ? null : Number(port) }
}

function initLua (definitionsDir: string, servicePort: number): string {
  return `-- cabinet-hub memory bridge, written by \`cabinet-hub install-mame-plugin\`; reinstalling rewrites it.
local exports = { name = "${pluginName}", version = "1.0.0", description = "cabinet-hub memory bridge", license = "MIT", author = { name = "cabinet-hub" } }
local cabinethub = exports
local definitions_dir = ${luaString(definitionsDir)}
local service_port = ${servicePort}
local bytes_per_output = ${bytesPerOutput}

local plugin_folder = ""

-- MAME tells a plugin its folder before starting it.
function cabinethub.set_folder(path) plugin_folder = path end

-- Any byte outside [A-Za-z0-9/._~-] as %XX: a folder may hold spaces, '=' or ':', which an output name cannot.
local function percent_encoded(text)
  return (text:gsub("[^%w/._~-]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function cabinethub.startplugin()
  local json = require("json")
  local watches = {}
  local last = {}
  local content = nil

  -- mame/<machine>, or <machine>/<software> when MAME runs a software item.
  local function content_key()
    local soft = emu.softname()
    if soft ~= nil and soft ~= "" then return emu.romname() .. "/" .. soft:match("([^:]*)$") end
    for _, image in pairs(manager.machine.images) do
      local file = image.filename
      if file ~= nil and file ~= "" then
        -- The file's name without folder (either separator) and extension.
        local name = file:match("[^/" .. string.char(92) .. "]+$")
        return emu.romname() .. "/" .. (name:gsub("%.[^.]*$", ""))
      end
    end
    return "mame/" .. emu.romname()
  end

  local function load(key)
    local file = io.open(definitions_dir .. "/" .. string.lower(key) .. ".json", "r")
    if file == nil then return {} end
    local text = file:read("*a")
    file:close()
    local definition = json.decode(text)
    if type(definition) ~= "table" or type(definition.watches) ~= "table" then return {} end
    local space = manager.machine.devices[":maincpu"].spaces["program"]
    local loaded = {}
    for _, watch in ipairs(definition.watches) do
      table.insert(loaded, { key = watch.key, address = tonumber(watch.address), size = watch.size, space = space })
    end
    return loaded
  end

  local frames = 0
  -- Where this plugin is, which definitions it reads and for which service: the service says when
  -- that is not its folder, and another service on the machine (another port) ignores this plugin.
  local plugin_output = "chub.plugin:" .. percent_encoded(plugin_folder) .. ":" .. percent_encoded(definitions_dir) .. ":" .. service_port

  emu.register_start(function()
    content = content_key()
    watches = load(content)
    last = {}
    frames = 0
    manager.machine.output:set_value(plugin_output, 1)
    manager.machine.output:set_value("chub.content:" .. content, 1)
  end)

  emu.register_stop(function()
    if content ~= nil then manager.machine.output:set_value("chub.content:" .. content, 0) end
    content = nil
  end)

  emu.register_frame_done(function()
    -- Outputs are sent only when they change, and a client that connects later hears none of
    -- the earlier ones: the content is announced again every half second with a new value.
    frames = frames + 1
    if content ~= nil and frames % 30 == 0 then
      manager.machine.output:set_value(plugin_output, frames // 30 + 1)
      manager.machine.output:set_value("chub.content:" .. content, frames // 30 + 1)
    end
    for _, watch in ipairs(watches) do
      local chunk = 0
      for start = 0, watch.size - 1, bytes_per_output do
        local value = 0
        for i = start, math.min(start + bytes_per_output, watch.size) - 1 do
          value = value * 256 + watch.space:read_u8(watch.address + i)
        end
        local name = "chub.w:" .. watch.key .. ":" .. chunk
        if last[name] ~= value then
          last[name] = value
          manager.machine.output:set_value(name, value)
        end
        chunk = chunk + 1
      end
    end
  end)
end

return exports
`
}

/** Writes the plugin for the service on `servicePort` (idempotent); returns the files written. */
export async function installPlugin (pluginsDir: string, definitionsDir: string, servicePort: number): Promise<string[]> {
  const folder = path.join(pluginsDir, pluginName)
  await mkdir(folder, { recursive: true })
  const files: Array<[string, string]> = [[path.join(folder, 'plugin.json'), pluginJson], [path.join(folder, 'init.lua'), initLua(definitionsDir, servicePort)]]
  for (const [file, text] of files) await writeFile(file, text)
  return files.map(([file]) => file)
}

/** Removes the plugin's own two files, and its folder when nothing else is in it; returns the files removed. */
export async function uninstallPlugin (pluginsDir: string): Promise<string[]> {
  const folder = path.join(pluginsDir, pluginName)
  const removed: string[] = []
  for (const name of ['plugin.json', 'init.lua']) {
    const file = path.join(folder, name)
    if (!await pathExists(file)) continue
    await unlink(file)
    removed.push(file)
  }
  try {
    await rmdir(folder)
  } catch {
    // Not empty (the owner keeps files of their own there) or already gone: leave it.
  }
  return removed
}
