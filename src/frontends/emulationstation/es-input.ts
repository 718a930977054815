/**
 * The frontend's keyboard mapping, read from `es_input.cfg`: which key ES expects for each of its
 * inputs. ES stores SDL2 keycodes; xdotool wants X keysym names.
 */
import { readFile } from 'node:fs/promises'
import { XMLParser } from 'fast-xml-parser'
import type { NavigationInput } from '../controls.js'

/** SDL2 keycodes of keys without a printable character are `scancode | 0x40000000`. */
const scancodeFlag = 0x40000000

const keysymByScancode: Record<number, string> = {
  58: 'F1', 59: 'F2', 60: 'F3', 61: 'F4', 62: 'F5', 63: 'F6', 64: 'F7', 65: 'F8', 66: 'F9', 67: 'F10', 68: 'F11', 69: 'F12',
  73: 'Insert', 74: 'Home', 75: 'Prior', 77: 'End', 78: 'Next', 79: 'Right', 80: 'Left', 81: 'Down', 82: 'Up',
  88: 'KP_Enter', 224: 'Control_L', 225: 'Shift_L', 226: 'Alt_L', 228: 'Control_R', 229: 'Shift_R', 230: 'Alt_R'
}

/** Keys ES maps by default or users pick often; ES's default page keys are `[` and `]`. */
const keysymByKeycode: Record<number, string> = {
  8: 'BackSpace', 9: 'Tab', 13: 'Return', 27: 'Escape', 32: 'space', 127: 'Delete',
  39: 'apostrophe', 44: 'comma', 45: 'minus', 46: 'period', 47: 'slash', 59: 'semicolon', 61: 'equal',
  91: 'bracketleft', 92: 'backslash', 93: 'bracketright', 96: 'grave'
}

/** X keysym name of an SDL2 keycode, or null when the key has no name we know. */
export function keysymOf (sdlKeycode: number): string | null {
  if (sdlKeycode >= scancodeFlag) return keysymByScancode[sdlKeycode - scancodeFlag] ?? null
  if (keysymByKeycode[sdlKeycode] !== undefined) return keysymByKeycode[sdlKeycode]!
  if ((sdlKeycode >= 48 && sdlKeycode <= 57) || (sdlKeycode >= 97 && sdlKeycode <= 122)) return String.fromCharCode(sdlKeycode)
  return null
}

export interface KeyboardMapping {
  readonly file: string
  /** Keysym per navigation input; inputs ES has no key for are missing. */
  readonly keys: Partial<Record<NavigationInput, string>>
  readonly problem: string | null
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'inputConfig' || name === 'input' })

interface InputElement { name?: string, type?: string, id?: string | number }
interface InputConfigElement { type?: string, input?: InputElement[] }

/**
 * Reads the keyboard section of an input file in ES's format (`es_input.cfg`, ES-DE's `es_input.xml`);
 * a missing or unreadable file is a `problem`, not a throw. `builtInKeys` (a frontend's own default
 * keyboard, when it has one) apply without a keyboard section, and to the inputs it does not name.
 */
export async function readKeyboardMapping (file: string, builtInKeys?: Partial<Record<NavigationInput, string>>): Promise<KeyboardMapping> {
  let document: { inputList?: { inputConfig?: InputConfigElement[] } }
  try {
    document = parser.parse(await readFile(file, 'utf8')) as typeof document
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && builtInKeys !== undefined) return { file, keys: builtInKeys, problem: null }
    return { file, keys: {}, problem: code === 'ENOENT' ? `${file} does not exist: configure a keyboard in the frontend first` : `${file} cannot be read: ${(error as Error).message.split('\n')[0]}` }
  }
  const keyboard = document.inputList?.inputConfig?.find((c) => c.type === 'keyboard')
  if (keyboard === undefined && builtInKeys !== undefined) return { file, keys: builtInKeys, problem: null }
  if (keyboard === undefined) return { file, keys: {}, problem: `${file} has no keyboard inputConfig: configure a keyboard in the frontend first` }
  // The file's keys over the built-in ones: an input the file does not name keeps the frontend's own key.
  const keys: Partial<Record<NavigationInput, string>> = { ...builtInKeys }
  for (const input of keyboard.input ?? []) {
    if (input.type !== 'key' || input.name === undefined) continue
    const keysym = keysymOf(Number(input.id))
    if (keysym !== null) keys[input.name as NavigationInput] = keysym
  }
  return { file, keys, problem: null }
}
