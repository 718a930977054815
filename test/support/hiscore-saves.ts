/** A hi2txt definition and saves in its layout, for tests that need MAME hiscore tables. */

/** Five 3-byte packed BCD scores, then five 3-letter ASCII names. */
export const bcdHiscoreDefinition = `<hi2txt>
  <structure file=".hi">
    <check><size>30</size></check>
    <loop count="5"><elt id="SCORE" type="int" size="3" base="16"/></loop>
    <loop count="5"><elt id="NAME" type="text" size="3"/></loop>
  </structure>
  <output><table><column id="RANK" src="index" format="+1"/><column id="SCORE" format="*10"/><column id="NAME"/></table></output>
</hi2txt>`

/** A save of `bcdHiscoreDefinition` holding these rows (scores as the game shows them divided by 10). */
export function bcdHiscoreSave (rows: Array<[number, string]>): Buffer {
  const bcd = (n: number) => Buffer.from(n.toString().padStart(6, '0'), 'hex')
  return Buffer.concat([...rows.map(([score]) => bcd(score)), ...rows.map(([, name]) => Buffer.from(name, 'latin1'))])
}
