/**
 * The setup list: one row per thing the service found, with its state, what stands in the way
 * (doctor's own checks), and the button that fixes it where the service can.
 */
import { statfs } from 'node:fs/promises'
import path from 'node:path'
import { retroarchSettings, serviceUrl } from '../achievements/index.js'
import { defaultServiceTarget, serviceFile } from '../boot/index.js'
import { frontendProblems, type FrontendProblem } from '../frontend/index.js'
import { installedPlugin, installedPluginProblem, pluginName } from '../game-events/index.js'
import { commandToRun } from '../core/launcher.js'
import { hasWebApi, installedHookScripts, spoolDirsOf } from '../frontends/index.js'
import { exists, mameOwnPluginDirs, mamePluginsDir, retroarchConfigFile } from './places.js'
import type { SetupActionType, SetupRowType } from './schemas.js'
import { frontendFlags, type SetupContext } from './setup-context.js'

/** The files of a problem the page names; the rest are counted. */
const shownFiles = 5

type Row = Omit<SetupRowType, 'state'>

const stateOf = (row: Row, ok: boolean): SetupRowType => ({ ...row, state: row.problems.length > 0 || !ok ? 'fix' : 'ok' })

const action = (label: string, method: 'POST' | 'DELETE', route: string, command: string): SetupActionType => ({ label, method, path: `/api/v1/setup/${route}`, command })

const problem = (message: string, fix: string, files: readonly string[] = []) => ({ message, fix, files: files.slice(0, shownFiles), fileCount: files.length })

const shown = (doctor: FrontendProblem) => problem(doctor.message, doctor.fix, (doctor.files ?? []).map((file) => file.rename === undefined ? file.file : `${file.file} -> ${file.rename}`))

async function frontendRow (context: SetupContext, doctor: readonly FrontendProblem[]): Promise<SetupRowType> {
  const { install } = context
  // A family without a web API (ES-DE) is not asked, and its row says nothing of one.
  const webApi = hasWebApi(install.adapter)
  const answers = webApi ? await install.adapter.webApi(install.esUrl).reachable(1000) : true
  const row: Row = {
    id: 'frontend',
    title: 'Frontend',
    findings: [
      { label: 'profile', value: `${install.adapter.id} (${install.adapter.title})` },
      { label: 'root', value: install.root ?? 'none given' },
      ...(webApi ? [{ label: 'web API', value: `${install.esUrl} ${answers ? 'answers' : 'does not answer'}` }] : [])
    ],
    problems: [
      ...(context.demo ? [problem('No frontend is configured: the service runs its demo frontend.', `Choose a frontend found below, or start the service with --frontend-root DIR --profile ${install.adapter.id} (or put them in ${context.configFile}).`)] : []),
      ...doctor.filter((found) => found.kind === 'install').map(shown)
    ],
    action: null,
    undo: null
  }
  return stateOf(row, answers)
}

async function hooksRow (context: SetupContext, doctor: readonly FrontendProblem[]): Promise<SetupRowType> {
  const { install } = context
  const hooks = install.adapter.hooks
  const installed = spoolDirsOf(await installedHookScripts(install)).length > 0
  const flags = frontendFlags(context)
  const row: Row = {
    id: 'hooks',
    title: 'Hook scripts',
    findings: hooks === null
      ? [{ label: 'hooks', value: `the ${install.adapter.title} frontend runs no hook scripts` }]
      : [
          { label: 'installed', value: installed ? `for ${hooks.names.join(', ')}` : 'no' },
          { label: 'folder', value: install.esConfigDir === null ? 'none' : path.join(install.esConfigDir, 'scripts') }
        ],
    problems: doctor.filter((found) => found.kind !== 'install').map(shown),
    action: hooks === null || install.esConfigDir === null ? null : action('Install hooks', 'POST', 'hooks', commandToRun(`install-hooks ${flags}`)),
    undo: installed ? action('Uninstall hooks', 'DELETE', 'hooks', commandToRun(`uninstall-hooks ${flags}`)) : null
  }
  return stateOf(row, hooks === null || installed)
}

async function mameRow (context: SetupContext): Promise<SetupRowType> {
  const pluginsDir = mamePluginsDir(context.install, context.dataDir)
  const [plugin, elsewhere] = await Promise.all([installedPlugin(pluginsDir), installedPluginProblem(pluginsDir, context.dataDir)])
  const installed = plugin !== null
  const ownDirs = mameOwnPluginDirs(context.install)
  const present = await Promise.all(ownDirs.map(async (dir) => exists(path.join(dir, 'hiscore'))))
  const hiscore = ownDirs.find((_dir, index) => present[index])
  const version = context.mameVersion()
  const command = commandToRun(`install-mame-plugin --plugins-dir ${pluginsDir} --data-dir ${path.resolve(context.dataDir)}`)
  const row: Row = {
    id: 'mame',
    title: 'MAME',
    findings: [
      { label: 'MAME', value: version === null ? 'not found' : `found, version ${version}` },
      { label: `${pluginName} plugin`, value: installed ? `installed in ${pluginsDir}` : `not installed (goes into ${pluginsDir})` },
      { label: 'hiscore plugin', value: hiscore === undefined ? 'not found' : `in ${hiscore}` }
    ],
    problems: elsewhere === null ? [] : [problem(elsewhere.message, elsewhere.fix)],
    action: action('Install the MAME plugin', 'POST', 'mame-plugin', command),
    undo: installed ? action('Remove the MAME plugin', 'DELETE', 'mame-plugin', `${command} --uninstall`) : null
  }
  // Without MAME on the machine there is nothing to fix, and nothing to call fine either.
  return version === null && !installed && row.problems.length === 0 ? { ...row, state: 'info' } : stateOf(row, installed)
}

async function retroarchRow (context: SetupContext): Promise<SetupRowType> {
  const file = retroarchConfigFile(context.install)
  const base = { id: 'retroarch' as const, title: 'RetroArch' }
  if (!await exists(file)) {
    return { ...base, state: 'info', findings: [{ label: 'config', value: `${file} not found (RetroArch writes it on its first run)` }], problems: [], action: null, undo: null }
  }
  const settings = await retroarchSettings(file)
  const url = serviceUrl(context.host, context.port)
  const command = commandToRun(`setup retroarch --config ${file} --port ${context.port}`)
  const row: Row = {
    ...base,
    findings: [
      { label: 'config', value: file },
      { label: 'network commands', value: settings.networkCommands ? 'on' : 'off' },
      { label: 'achievements host', value: settings.achievementsHost ?? 'not set (RetroAchievements itself)' }
    ],
    problems: settings.networkCommands ? [] : [problem('RetroArch\'s network commands are off: the service cannot read its games and scores', 'in RetroArch, Settings > Network > Network Commands: on (network_cmd_enable = "true")')],
    action: action('Send achievements to this service', 'POST', 'retroarch', command),
    undo: settings.undoable ? action('Undo', 'DELETE', 'retroarch', `${command} --undo`) : null
  }
  return stateOf(row, settings.achievementsHost === url)
}

async function bootRow (context: SetupContext): Promise<SetupRowType> {
  const { install } = context
  const target = defaultServiceTarget(install.adapter.id)
  const file = serviceFile({ target, unitDir: null, userdata: target === 'batocera' ? install.root : null, esConfigDir: install.esConfigDir })
  const installed = file !== null && await exists(file)
  const row: Row = {
    id: 'boot',
    title: 'Start at boot',
    findings: [{ label: target, value: file === null ? 'needs the frontend\'s folder' : `${installed ? 'installed' : 'not installed'}: ${file}` }],
    problems: [],
    action: file === null ? null : action('Start with the machine', 'POST', 'service', commandToRun(`install-service --for ${target} ${context.serviceArgs().join(' ')}`.trim())),
    undo: null
  }
  return stateOf(row, installed)
}

async function dataRow (context: SetupContext): Promise<SetupRowType> {
  const space = await statfs(context.dataDir).then((stats) => `${(stats.bavail * stats.bsize / 2 ** 30).toFixed(1)} GiB free`, () => 'unknown')
  return {
    id: 'data',
    title: 'Data',
    state: 'info',
    findings: [
      { label: 'data dir', value: path.resolve(context.dataDir) },
      { label: 'disk', value: space },
      { label: 'records', value: context.recordsOn() ? 'on' : 'off (managers.gameEvents)' },
      { label: 'config file', value: context.configFile }
    ],
    problems: [],
    action: null,
    undo: null
  }
}

export async function setupRows (context: SetupContext): Promise<SetupRowType[]> {
  const doctor = await frontendProblems(context.install, context.dataDir)
  return Promise.all([frontendRow(context, doctor), hooksRow(context, doctor), mameRow(context), retroarchRow(context), bootRow(context), dataRow(context)])
}
