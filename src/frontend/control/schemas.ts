import { Type } from 'typebox'
import type { CodedBodyRule } from '../../core/validation.js'
import { navigationInputs } from '../../frontends/index.js'
import { FrontendStateSchema } from '../schemas.js'

const Input = Type.Union([
  Type.Literal('up'), Type.Literal('down'), Type.Literal('left'), Type.Literal('right'), Type.Literal('a'),
  Type.Literal('b'), Type.Literal('start'), Type.Literal('select'), Type.Literal('pageup'), Type.Literal('pagedown')
], { description: `Navigation input: ${navigationInputs.join(', ')}.` })
const holdMs = Type.Integer({ minimum: 20, maximum: 5000, default: 70, description: 'How long each input is held (keyboard backends).' })
const gapMs = Type.Integer({ minimum: 0, maximum: 5000, default: 90, description: 'Pause between inputs.' })
const verifyTimeoutMs = Type.Integer({ minimum: 100, maximum: 30_000, default: 3500, description: 'How long to wait for the frontend\'s selection hooks to confirm.' })

export const TapBody = Type.Object({
  input: Input,
  count: Type.Integer({ minimum: 1, maximum: 200, default: 1 }),
  holdMs,
  gapMs
}, { additionalProperties: false, examples: [{ input: 'right', count: 2 }] })

export const emptySequenceRule: CodedBodyRule = { schemaPath: '#/properties/inputs/minItems', code: 'EMPTY_SEQUENCE', message: 'combo needs at least one input' }

export const ComboBody = Type.Object({
  inputs: Type.Array(Input, { minItems: 1, maxItems: 200, description: 'At least one; an empty list answers 400 EMPTY_SEQUENCE.' }),
  holdMs,
  gapMs
}, { additionalProperties: false, examples: [{ inputs: ['select', 'start'] }] })

export const GotoSystemBody = Type.Object({
  system: Type.String({ minLength: 1, maxLength: 200 }),
  holdMs,
  gapMs,
  verifyTimeoutMs
}, { additionalProperties: false, examples: [{ system: 'snes' }] })

export const missingGameRule: CodedBodyRule = { schemaPath: '#/anyOf', code: 'MISSING_GAME', message: 'Send gamePath or gameName' }

export const GotoGameBody = Type.Object({
  system: Type.String({ minLength: 1, maxLength: 200 }),
  gamePath: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  gameName: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  holdMs,
  gapMs,
  verifyTimeoutMs
}, {
  additionalProperties: false,
  anyOf: [{ required: ['gamePath'] }, { required: ['gameName'] }],
  description: 'The game by gamePath or gameName (or both); neither answers 400 MISSING_GAME.',
  examples: [{ system: 'mame', gameName: 'Street Fighter' }]
})

export const NotifyBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 500 })
}, { additionalProperties: false, examples: [{ message: 'High score saved' }] })

const nullableString = Type.Union([Type.String(), Type.Null()])

export const ActionResultSchema = Type.Object({
  success: Type.Boolean(),
  action: Type.String(),
  status: Type.Union([Type.Literal('sent'), Type.Literal('planned'), Type.Literal('completed'), Type.Literal('stopped')]),
  message: Type.String(),
  targetSystem: nullableString,
  targetGame: nullableString,
  previousSystem: nullableString,
  previousGame: nullableString,
  verified: Type.Boolean({ description: 'true when the frontend\'s selection hooks confirmed the target.' }),
  dryRun: Type.Boolean(),
  inputsSent: Type.Array(Input),
  launched: Type.Boolean({ description: 'true when a game runs now that did not when the action started (the frontend\'s web API says).' })
}, {
  description: 'What the action did.',
  examples: [{ success: true, action: 'goto-system', status: 'completed', message: 'Done, and confirmed by the frontend\'s selection hooks.', targetSystem: 'snes', targetGame: null, previousSystem: 'mame', previousGame: null, verified: true, dryRun: false, inputsSent: ['right'], launched: false }]
})

export const StopResponse = Type.Object({
  success: Type.Literal(true),
  action: Type.Literal('stop'),
  status: Type.Union([Type.Literal('stopped'), Type.Literal('idle')])
}, { examples: [{ success: true, action: 'stop', status: 'idle' }] })

export const ControllerStatus = Type.Object({
  backend: Type.Union([Type.Literal('dry-run'), Type.Literal('simulator'), Type.Literal('xdotool')]),
  ready: Type.Boolean(),
  dryRun: Type.Boolean(),
  message: Type.String(),
  state: FrontendStateSchema,
  positionKnown: Type.Boolean({ description: 'false after a navigation input the frontend has not answered with a selection: goto-system and goto-game then answer 409 POSITION_UNKNOWN.' }),
  currentSystem: nullableString,
  currentGame: nullableString,
  navigationInProgress: nullableString,
  lastAction: Type.Union([ActionResultSchema, Type.Null()]),
  supportedInputs: Type.Array(Input)
}, {
  description: 'Controller status.',
  examples: [{ backend: 'dry-run', ready: true, dryRun: true, message: 'dry-run: inputs are planned and reported, never sent', state: 'browsing', positionKnown: true, currentSystem: null, currentGame: null, navigationInProgress: null, lastAction: null, supportedInputs: [...navigationInputs] }]
})

export const EsCallResponse = Type.Object({
  requested: Type.Literal(true),
  esStatusCode: Type.Integer(),
  esResponse: Type.String()
}, { description: 'The frontend answered.', examples: [{ requested: true, esStatusCode: 200, esResponse: 'OK' }] })
