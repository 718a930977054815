/**
 * docs/reference/options.md from the option table: every option of the build with its flag, its
 * environment variable, its config-file key and its default, grouped by the module that owns it.
 */
import { homedir } from 'node:os'
import { optionEntriesOf } from '../../src/core/hub.js'
import { envName, type OptionEntry } from '../../src/core/options.js'
import { domainModules } from '../../src/modules.js'
import { cell, generatedNotice } from './markdown.js'

/** A default as this machine computes it, with the home folder written `~` so the page is the same everywhere. */
function shownDefault ({ spec }: OptionEntry): string {
  if (spec.secret === true || spec.default === null) return '(none)'
  const text = JSON.stringify(spec.default)
  return `\`${text.split(homedir()).join('~')}\``
}

function table (entries: readonly OptionEntry[]): string {
  const rows = entries.map((entry) => {
    const { key, spec } = entry
    const flag = spec.flag === null ? '(config and environment only)' : `\`--${spec.flag}${spec.kind === 'boolean' ? '' : ' <value>'}\``
    return `| \`${key}\` | ${flag}<br>\`${envName(key)}\` | ${shownDefault(entry)} | ${cell(spec.description)} |`
  })
  return ['| key | flag, environment | default | |', '|---|---|---|---|', ...rows].join('\n')
}

export function optionsPage (): string {
  const entries = optionEntriesOf(domainModules)
  const moduleKeys = new Map(domainModules.flatMap((module) => Object.keys(module.options ?? {}).map((key) => [key, module.name] as const)))
  const sections: Array<[string, OptionEntry[]]> = [
    ['Service', entries.filter(({ key }) => !moduleKeys.has(key) && !key.startsWith('managers.'))],
    ...domainModules.filter((module) => module.options !== undefined && Object.keys(module.options).length > 0)
      .map((module): [string, OptionEntry[]] => [`Module \`${module.name}\``, entries.filter(({ key }) => moduleKeys.get(key) === module.name)]),
    ['Managers (switches; `managers.<id>` in the config file)', entries.filter(({ key }) => key.startsWith('managers.'))]
  ]
  return [
    '# Options',
    '',
    generatedNotice('the option table (`src/core/options.ts` and each module\'s `options`)'),
    '',
    'Every option is a flag, an environment variable and a key of the `--config` file (JSON, or YAML',
    'for `.yaml`/`.yml`); the command line wins over the environment, which wins over the file.',
    '`cabinet-hub --help` prints the same list; `GET /api/v1/config/effective` shows what is in force',
    'and where each value came from. Lists take commas (or a repeated flag).',
    '',
    ...sections.flatMap(([title, rows]) => [`## ${title}`, '', table(rows), ''])
  ].join('\n')
}
