/** The setup page's sections, built from GET /api/v1/setup: the demo's choice, a row per finding, the read-only links. */
import type { ChangedResponseType, SetupActionType, SetupResponseType, SetupRowType } from '../../setup/schemas.js'
import { byId, element } from '../shared/elements.js'

type Setup = SetupResponseType

async function press (action: SetupActionType, body?: unknown): Promise<void> {
  const status = byId('status')
  status.textContent = `${action.label}…`
  const init: RequestInit = action.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } : { method: action.method }
  try {
    const answer = await fetch(action.path, init)
    // A refusal is an error body: its message says why.
    const result = await answer.json() as ChangedResponseType
    status.textContent = answer.ok ? result.message + (result.changed.length > 0 ? ` (${result.changed.join(', ')})` : '') : `Refused: ${result.message}`
  } catch (error) {
    status.textContent = `The service did not answer: ${(error as Error).message}`
  }
}

function button (action: SetupActionType, body?: unknown): HTMLButtonElement {
  const made = element('button', action.label)
  made.title = `Same as: ${action.command}`
  made.addEventListener('click', () => { void press(action, body) })
  return made
}

function buttons (...made: HTMLButtonElement[]): HTMLDivElement {
  const row = element('div', undefined, 'buttons')
  row.append(...made)
  return row
}

function problemList (problems: SetupRowType['problems']): HTMLUListElement {
  const list = element('ul', undefined, 'problems')
  for (const problem of problems) {
    const item = element('li', problem.message)
    if (problem.files.length > 0) {
      const files = element('ul')
      for (const file of problem.files) files.append(element('li', file))
      if (problem.fileCount > problem.files.length) files.append(element('li', `… and ${problem.fileCount - problem.files.length} more`, 'dim'))
      item.append(files)
    }
    item.append(element('div', `fix: ${problem.fix}`, 'dim'))
    list.append(item)
  }
  return list
}

const stateLabels: Readonly<Record<SetupRowType['state'], string>> = { ok: 'ok', fix: 'to fix', info: 'info' }

function rowSection (row: SetupRowType): HTMLElement {
  const section = element('section')
  section.id = `setup-${row.id}`
  section.setAttribute('aria-labelledby', `title-${row.id}`)
  const heading = element('h2')
  heading.id = `title-${row.id}`
  heading.append(element('span', row.title), element('span', stateLabels[row.state], `state ${row.state}`))
  const findings = element('dl')
  for (const finding of row.findings) findings.append(element('dt', finding.label), element('dd', finding.value))
  section.append(heading, findings)
  if (row.problems.length > 0) section.append(problemList(row.problems))
  const actions = [row.action, row.undo].filter((action) => action !== null).map((action) => button(action))
  if (actions.length > 0) section.append(buttons(...actions))
  return section
}

function readLink (page: Setup['readLinks']['pages'][number]): HTMLElement {
  const figure = element('figure', undefined, 'read-link')
  // SVG the service made from the URL, not event data.
  figure.innerHTML = page.qrSvg
  const caption = element('figcaption')
  const copy = element('button', 'Copy')
  copy.setAttribute('aria-label', `Copy the link to ${page.title}`)
  copy.addEventListener('click', () => { void navigator.clipboard?.writeText(page.url).then(() => { copy.textContent = 'Copied' }, () => { copy.textContent = 'Select and copy' }) })
  caption.append(element('strong', page.title), element('br'), element('code', page.url), element('br'), copy)
  figure.append(caption)
  return figure
}

function linksSection (links: Setup['readLinks']): HTMLElement {
  const section = element('section')
  section.id = 'setup-links'
  section.append(element('h2', 'Other screens'))
  if (links.pages.length === 0) {
    section.append(element('p', 'The service listens on this machine only: start it with --host 0.0.0.0 for other screens to reach it.', 'dim'))
  } else {
    section.append(element('p', 'Read-only links for OBS, a marquee screen or a phone on the LAN: scan the code or copy the link.', 'dim'))
    const grid = element('div', undefined, 'links')
    grid.append(...links.pages.map(readLink))
    section.append(grid)
  }
  section.append(buttons(button(links.revoke)))
  return section
}

function demoSection (demo: Setup['demo']): HTMLElement {
  const section = element('section')
  section.id = 'setup-demo'
  section.append(element('h2', 'Point the service at your frontend'))
  section.append(element('p', `No frontend is configured, so the service runs its demo. Start it with --frontend-root DIR --profile retrobat|batocera|es-de|recalbox, or choose a frontend found here: the choice goes into ${demo.configFile}, which the next start reads.`))
  if (demo.candidates.length === 0) section.append(element('p', 'None found in the usual places (/userdata, /recalbox/share, C:\\RetroBat, ~/ES-DE).', 'dim'))
  section.append(buttons(...demo.candidates.map((candidate) => button({
    label: `Use ${candidate.root} (${candidate.profile})`,
    method: 'POST',
    path: '/api/v1/setup/frontend',
    command: candidate.command
  }, { root: candidate.root, profile: candidate.profile }))))
  return section
}

export const setupSections = (setup: Setup): HTMLElement[] =>
  [...(setup.demo.active ? [demoSection(setup.demo)] : []), ...setup.rows.map(rowSection), linksSection(setup.readLinks)]
