/** Linux evdev records as a panel's input device (or a FIFO standing in for it) delivers them. */

/** One Linux `struct input_event` (64-bit timeval): EV_KEY with a key code and 1 (press) or 0 (release). */
export function inputEvent (code: number, value: number, type = 1): Buffer {
  const record = Buffer.alloc(24)
  record.writeBigInt64LE(BigInt(Math.floor(Date.now() / 1000)), 0)
  record.writeBigInt64LE(0n, 8)
  record.writeUInt16LE(type, 16)
  record.writeUInt16LE(code, 18)
  record.writeInt32LE(value, 20)
  return record
}

/** A key pressed and released, as an encoder sends one tap. */
export const keyTap = (code: number): Buffer => Buffer.concat([inputEvent(code, 1), inputEvent(code, 0)])

/** Linux key codes a keyboard encoder sends for the joystick (MAME's defaults). */
export const keyCodes = { up: 103, left: 105, right: 106, down: 108 } as const
