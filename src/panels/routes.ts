import { apiGroups } from '../core/api-groups.js'
import { errorResponses, HubError, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { codedBodyRules, ruleViolation } from '../core/validation.js'
import { isPanelArtFile, type PanelArtStore } from './art.js'
import { PanelResource } from './resource-schema.js'
import { ArtParams, CabinetView, GameParams, InputBody, InputResponse, LayoutQuery, oneInputRule, PanelView, PreviewResponse, ResourceSchemaResponse, SvgResponse, SystemParams } from './schemas.js'
import type { PanelService } from './service.js'
import { panelView } from './views.js'

const tags = [apiGroups.controlPanel.name]

export function panelRoutes (app: HubApp, service: PanelService, art: PanelArtStore): void {
  app.get('/api/v1/panels/schema', {
    schema: { tags, summary: 'JSON Schema of the panel resource files (resources/dynpanels)', response: { 200: ResourceSchemaResponse, ...errorResponses() } }
  }, async () => PanelResource)

  app.get('/api/v1/panels/config', {
    schema: { tags, summary: 'Cabinet configuration: player panels, buttons per panel, peripherals, button rows', response: { 200: CabinetView, ...errorResponses() } }
  }, async () => {
    const { playerCount, buttonsPerPlayer, peripherals, rows, source } = service.cabinet
    return { playerCount, buttonsPerPlayer, peripherals: [...peripherals], rows: rows.map((r) => [...r]), source }
  })

  app.get('/api/v1/panels/current', {
    schema: { tags, summary: 'Resolved control panel of the running game, else the selected one; 404 without a game', querystring: LayoutQuery, response: { 200: PanelView, ...errorResponses(400, 404) } }
  }, async (request) => {
    const game = service.currentGame()
    if (game === null) throw new HubError(404, 'NO_GAME', 'No game is selected or running, so there is no panel to resolve')
    const panel = service.current(request.query.activeLayout)
    if (panel === null) throw new HubError(404, 'PANEL_NOT_FOUND', `No panel data resolved for ${game.system}|${game.rom}: add resources/dynpanels/games/<rom>.json or systems/${game.system}.json`)
    return panelView(panel, service.cabinet)
  })

  app.get('/api/v1/panels/game/:system/:rom', {
    schema: { tags, summary: 'Resolved control panel of one game (game file, else its system file)', params: GameParams, querystring: LayoutQuery, response: { 200: PanelView, ...errorResponses(400, 404) } }
  }, async (request) => {
    const { system, rom } = request.params
    const panel = service.resolve(system, rom, request.query.activeLayout)
    if (panel === null) throw new HubError(404, 'PANEL_NOT_FOUND', `No panel data resolved for ${system}|${rom}`)
    return panelView(panel, service.cabinet)
  })

  app.get('/api/v1/panels/system/:system', {
    schema: { tags, summary: 'Control panel of a system (its systems/<system>.json)', params: SystemParams, querystring: LayoutQuery, response: { 200: PanelView, ...errorResponses(400, 404) } }
  }, async (request) => {
    const panel = service.resolve(request.params.system, null, request.query.activeLayout)
    if (panel === null) throw new HubError(404, 'PANEL_NOT_FOUND', `No panel data resolved for ${request.params.system}|`)
    return panelView(panel, service.cabinet)
  })

  app.post('/api/v1/panels/input', {
    schemaErrorFormatter: codedBodyRules(oneInputRule),
    schema: { tags, summary: 'A press or release from an external encoder: { player, slot | system, pressed }', body: InputBody, response: { 202: InputResponse, ...errorResponses(...jsonBodyErrors, 403) } }
  }, async (request, reply) => {
    const { player, slot, system, pressed } = request.body
    if ((slot === undefined) === (system === undefined)) throw ruleViolation(oneInputRule)
    const payload = service.input(slot !== undefined ? { player, slot } : { player, systemInput: system! }, pressed)
    return reply.code(202).send({ type: pressed ? 'panel.input.pressed' : 'panel.input.released', player, slot: Number(payload.Slot), function: String(payload.Function), systemInput: String(payload.SystemInput) })
  })

  app.post('/api/v1/panels/preview', {
    schema: { tags, summary: 'Publish a non-retained panel.state for a panel body (designers)', body: PanelResource, response: { 202: PreviewResponse, ...errorResponses(...jsonBodyErrors, 403) } }
  }, async (request, reply) => {
    const body = request.body
    const panelKey = service.preview(body, body.system ?? 'preview', body.rom ?? null)
    return reply.code(202).send({ ok: true, type: 'panel.state' as const, stream: 'panel' as const, panelKey })
  })

  app.get('/api/v1/media/panels/:file', {
    schema: { tags, summary: 'A generated panel drawing (SVG) named in panel.state Svg.Top/Front.Url', params: ArtParams, response: { 200: SvgResponse, ...errorResponses(400, 404) } }
  }, async (request, reply) => {
    const { file } = request.params
    if (!isPanelArtFile(file)) throw new HubError(400, 'INVALID_FILE_NAME', 'Panel drawings are named <hex key>-top.svg or <hex key>-front.svg')
    const svg = await art.read(file)
    if (svg === null) throw new HubError(404, 'MEDIA_NOT_FOUND', `No panel drawing ${file}`)
    return reply.type('image/svg+xml').header('cache-control', 'no-cache').send(svg)
  })
}
