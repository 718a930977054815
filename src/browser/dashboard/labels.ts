/** How the live page names what it shows. */

/** 'mame|1943' names a game; 'megadrive|' a system alone, shown as the system with no dangling bar. */
export const keyLabel = (key: string | undefined): string => typeof key === 'string' ? key.replace(/\|$/, '') : ''
