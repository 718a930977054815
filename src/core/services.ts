/**
 * Services modules provide to each other, by name and type. A module names what it provides and
 * what it needs; the core registers modules in an order where every need is provided first, and
 * says clearly which need is missing or which modules need each other in a circle.
 */

/**
 * A typed name for a service: the provider and its users share the key, never the class. The name
 * is a literal type, the member of `context.deps` that carries the service to a module needing it.
 */
export interface ServiceKey<N extends string = string, T = unknown> {
  readonly name: N
  /** Carries the type only; never read. */
  readonly type?: T
}

/** `serviceKey<LibraryCatalog>()('catalog')`: the service's type is given, its name kept as a literal type. */
export function serviceKey<T> () {
  return <const N extends string>(name: N): ServiceKey<N, T> => ({ name })
}

/** The service a key names. */
export type ServiceOf<K extends ServiceKey> = K extends ServiceKey<string, infer T> ? T : never

/** The services of some keys, each under its key's name: what a module's `needs` give it. */
export type ServicesOf<K extends readonly ServiceKey[]> = { readonly [Key in K[number] as Key['name']]: ServiceOf<Key> }

export class ServiceRegistry {
  readonly #services = new Map<string, unknown>()

  provide<K extends ServiceKey> (key: K, service: ServiceOf<K>): void {
    if (this.#services.has(key.name)) throw new Error(`service ${key.name} is provided twice`)
    this.#services.set(key.name, service)
  }

  use<K extends ServiceKey> (key: K): ServiceOf<K> {
    if (!this.#services.has(key.name)) throw new Error(`service ${key.name} is used before any module provided it`)
    return this.#services.get(key.name) as ServiceOf<K>
  }
}

export interface ServiceDeclarations {
  readonly name: string
  readonly provides?: readonly ServiceKey[]
  readonly needs?: readonly ServiceKey[]
}

/**
 * The modules in an order where each comes after the providers of its needs, keeping the given
 * order where the needs leave it free (so registration order stays predictable).
 */
export function orderByNeeds<M extends ServiceDeclarations> (modules: readonly M[]): M[] {
  const providers = new Map<string, M>()
  for (const module of modules) {
    for (const key of module.provides ?? []) {
      const other = providers.get(key.name)
      if (other !== undefined) throw new Error(`service ${key.name} is provided by both ${other.name} and ${module.name}`)
      providers.set(key.name, module)
    }
  }
  for (const module of modules) {
    for (const key of module.needs ?? []) {
      if (!providers.has(key.name)) throw new Error(`module ${module.name} needs the service ${key.name}, which no registered module provides`)
    }
  }

  const ordered: M[] = []
  const state = new Map<M, 'visiting' | 'done'>()
  const visit = (module: M, path: readonly string[]): void => {
    if (state.get(module) === 'done') return
    if (state.get(module) === 'visiting') throw new Error(`modules need each other in a circle: ${[...path, module.name].join(' -> ')}`)
    state.set(module, 'visiting')
    for (const key of module.needs ?? []) visit(providers.get(key.name)!, [...path, module.name])
    state.set(module, 'done')
    ordered.push(module)
  }
  for (const module of modules) visit(module, [])
  return ordered
}
