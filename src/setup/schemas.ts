/** The setup list and its buttons, as `GET /api/v1/setup` and the POST routes answer them. */
import { Type, type Static } from 'typebox'

const SetupAction = Type.Object({
  label: Type.String({ description: 'The button\'s text.' }),
  method: Type.Union([Type.Literal('POST'), Type.Literal('DELETE')]),
  path: Type.String({ description: 'The route the button calls (same-origin page on this machine only).' }),
  command: Type.String({ description: 'The command line that does the same from a terminal.' })
})

const Finding = Type.Object({
  label: Type.String(),
  value: Type.String()
})

const Problem = Type.Object({
  message: Type.String(),
  fix: Type.String({ description: 'What fixes it: the button of the row, or the step to take.' }),
  files: Type.Array(Type.String(), { description: 'The first few files concerned.' }),
  fileCount: Type.Integer({ description: 'How many files are concerned in all.' })
})

const SetupRow = Type.Object({
  id: Type.Union([Type.Literal('frontend'), Type.Literal('hooks'), Type.Literal('mame'), Type.Literal('retroarch'), Type.Literal('boot'), Type.Literal('data')]),
  title: Type.String(),
  state: Type.Union([Type.Literal('ok'), Type.Literal('fix'), Type.Literal('info')], { description: 'ok: nothing to do; fix: something stands in the way (see problems); info: what the service found, nothing to judge.' }),
  findings: Type.Array(Finding),
  problems: Type.Array(Problem),
  action: Type.Union([SetupAction, Type.Null()], { description: 'The button that fixes or sets it up, or null.' }),
  undo: Type.Union([SetupAction, Type.Null()], { description: 'The button that undoes it, or null when the command has no undo.' })
})
export type SetupRowType = Static<typeof SetupRow>
export type SetupActionType = Static<typeof SetupAction>

const ReadLinkPage = Type.Object({
  title: Type.String(),
  url: Type.String({ description: 'The page on the first LAN address, with the read token.' }),
  qrSvg: Type.String({ description: 'The URL as a QR code, an SVG element.' })
})

const FrontendCandidate = Type.Object({
  profile: Type.String(),
  root: Type.String(),
  command: Type.String({ description: 'The same choice as a command, the way this service was started (the bundle\'s launcher, or npx in a checkout).' })
})

export const SetupResponse = Type.Object({
  rows: Type.Array(SetupRow),
  readLinks: Type.Object({
    pages: Type.Array(ReadLinkPage, { description: 'Empty when the service listens on loopback only: no other machine can reach it.' }),
    revoke: SetupAction
  }),
  demo: Type.Object({
    active: Type.Boolean({ description: 'true while no frontend is configured and the service runs the embedded demo.' }),
    candidates: Type.Array(FrontendCandidate, { description: 'Frontend installs found in their usual places.' }),
    configFile: Type.String({ description: 'The config file a choice is written to, which the next start reads.' })
  })
}, {
  examples: [{
    rows: [{
      id: 'hooks',
      title: 'Hook scripts',
      state: 'fix',
      findings: [{ label: 'installed', value: 'no' }, { label: 'folder', value: '/userdata/system/scripts' }],
      problems: [{ message: 'no cabinet-hub hook scripts are installed in /userdata/system: the service hears of selections, starts and ends only through the web API', fix: 'cabinet-hub install-hooks --frontend-root /userdata --profile batocera --data-dir /userdata/system/cabinet-hub', files: [], fileCount: 0 }],
      action: { label: 'Install hooks', method: 'POST', path: '/api/v1/setup/hooks', command: 'cabinet-hub install-hooks --frontend-root /userdata --profile batocera --data-dir /userdata/system/cabinet-hub' },
      undo: null
    }],
    readLinks: { pages: [], revoke: { label: 'Revoke every link', method: 'POST', path: '/api/v1/setup/read-link/revoke', command: 'delete /userdata/system/cabinet-hub/read-link-token and restart the service' } },
    demo: { active: false, candidates: [], configFile: '/userdata/system/cabinet-hub/config.json' }
  }]
})
export type SetupResponseType = Static<typeof SetupResponse>

export const ChangedResponse = Type.Object({
  changed: Type.Array(Type.String(), { description: 'The files written or removed.' }),
  message: Type.String()
})
export type ChangedResponseType = Static<typeof ChangedResponse>

export const UndoBody = Type.Object({
  undo: Type.Optional(Type.Boolean({ description: 'true: undo (uninstall-hooks, install-mame-plugin --uninstall, setup retroarch --undo).' }))
}, { additionalProperties: false })

export const FrontendChoice = Type.Object({
  root: Type.String({ minLength: 1, description: 'The frontend\'s root folder.' }),
  profile: Type.String({ minLength: 1, description: 'Its family (--profile).' })
}, { additionalProperties: false })
