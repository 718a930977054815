/**
 * The panel's inputs that are not numbered slots: START, SELECT, COIN, the joystick's four
 * directions, and OK and BACK (Enter and Esc on a keyboard encoder, the frontend's own keys).
 */
export const systemInputs = ['START', 'SELECT', 'COIN', 'UP', 'DOWN', 'LEFT', 'RIGHT', 'OK', 'BACK'] as const

export type SystemInput = typeof systemInputs[number]

/**
 * Those that move the frontend's cursor outside a game. START opens its menu and COIN or SELECT
 * its options, which select nothing; a numbered button does what the frontend's input config says,
 * which the wiring cannot know.
 */
const navigationInputs: ReadonlySet<SystemInput> = new Set(['UP', 'DOWN', 'LEFT', 'RIGHT', 'OK', 'BACK'])

export function isNavigation (input: SystemInput): boolean {
  return navigationInputs.has(input)
}
