/**
 * A tiny iNES image (NROM: 16-byte header, 16 KiB PRG, 8 KiB CHR) whose program waits for each
 * vertical blank and increments a 16-bit little-endian counter at $0010-$0011.
 */
const program = [
  0x78, // C000 SEI
  0xd8, // C001 CLD
  0xa2, 0xff, // C002 LDX #$FF
  0x9a, // C004 TXS
  0xa9, 0x00, // C005 LDA #0
  0x8d, 0x00, 0x20, // C007 STA $2000 (no NMI)
  0x85, 0x10, // C00A STA $10
  0x85, 0x11, // C00C STA $11
  0x2c, 0x02, 0x20, // C00E BIT $2002 (vblank flag -> N)
  0x10, 0xfb, // C011 BPL $C00E
  0xe6, 0x10, // C013 INC $10
  0xd0, 0xf7, // C015 BNE $C00E
  0xe6, 0x11, // C017 INC $11
  0x4c, 0x0e, 0xc0, // C019 JMP $C00E
  0x40 // C01C RTI (NMI and IRQ handler)
]

/** The counter's address in the console's RAM. */
export const counterAddress = 0x0010

export function counterRom (): Buffer {
  const header = Buffer.from([0x4e, 0x45, 0x53, 0x1a, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
  const prg = Buffer.alloc(16 * 1024)
  Buffer.from(program).copy(prg, 0)
  // NMI, RESET and IRQ vectors at $FFFA (the 16 KiB bank is mirrored at $C000).
  Buffer.from([0x1c, 0xc0, 0x00, 0xc0, 0x1c, 0xc0]).copy(prg, 0x3ffa)
  return Buffer.concat([header, prg, Buffer.alloc(8 * 1024)])
}
