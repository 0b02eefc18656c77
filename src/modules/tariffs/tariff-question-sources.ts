// What the versions a tariff listing selects ask for (GET /rest/public/tariffs/properties, an account's interview): each
// version's stored properties, the keys its rates ask for and those of the rider versions in effect during it, merged
// one entry per key (tariff-questions.ts), with the keys, choices and territories they name read once per request.
import type { PropertiesRepository } from '../properties/properties.repository.ts';
import type { TerritoriesRepository } from '../territories/territories.repository.ts';
import {
  QuestionMerger,
  rateKeyNames,
  rateKeyProperties,
  type QuestionFilter,
  type QuestionSource,
  type TariffPropertyKey,
} from './tariff-questions.ts';
import type { Tariff, TariffView } from './tariff-view.ts';
import type { PropertyKeyRow, RateKeyRow, TariffRow, TariffsRepository, TariffViewer } from './tariffs.repository.ts';

/** Takes the selected versions page by page; `found` holds the master tariffs seen, `result()` the merged keys. */
export class TariffQuestionCollector {
  readonly found = new Set<number>();
  readonly #merger: QuestionMerger;
  readonly #loader: RateKeyLoader;

  constructor(
    private readonly repo: TariffsRepository,
    keys: PropertiesRepository,
    territories: TerritoriesRepository,
    private readonly view: TariffView,
    filter: QuestionFilter,
    private readonly viewer: TariffViewer,
  ) {
    this.#merger = new QuestionMerger(filter);
    this.#loader = new RateKeyLoader(repo, keys, territories);
  }

  /** Adds what these versions (listed with their properties) ask for. */
  async add(tariffs: Tariff[]): Promise<void> {
    for (const source of await this.sources(tariffs)) {
      this.found.add(source.masterTariffId);
      this.#merger.add(source);
    }
  }

  /** The merged keys, each with its unit. */
  async result(): Promise<TariffPropertyKey[]> {
    await this.#loader.loadKeys(this.#merger.result().map((e) => e.keyName));
    this.#merger.units((name) => this.#loader.unitOf(name));
    return this.#merger.result();
  }

  /**
   * Each listed version (with its properties) as the keys it asks for: its stored properties, then what its rates ask
   * for, then the stored properties and rates of the rider versions its rates name that are in effect at some time
   * during it.
   */
  private async sources(tariffs: Tariff[]): Promise<QuestionSource[]> {
    const ctx = this.#loader;
    const own = await ctx.rateKeys(tariffs.map((t) => t.tariffId));
    const riders = new Map<number, TariffRow[]>();
    for (const riderId of new Set(
      [...own.values()]
        .flat()
        .map((r) => r.rider_id)
        .filter((x): x is number => x !== null),
    ))
      riders.set(riderId, await this.repo.versions(riderId, this.viewer));
    const riderVersions = new Map<number, TariffRow[]>();
    for (const t of tariffs) {
      const named = new Set((own.get(t.tariffId) ?? []).map((r) => r.rider_id).filter((x): x is number => x !== null));
      const end = t.endDate;
      riderVersions.set(
        t.tariffId,
        [...named].flatMap((id) =>
          (riders.get(id) ?? []).filter(
            (v) => (end === null || v.effective_date < end) && (v.end_date === null || v.end_date > t.effectiveDate),
          ),
        ),
      );
    }
    const riderRows = [...new Map([...riderVersions.values()].flat().map((v) => [v.tariff_id, v])).values()];
    const riderTariffs = new Map((await this.view.populate(riderRows, false, true)).map((r) => [r.tariffId, r]));
    const riderRates = await ctx.rateKeys(riderRows.map((r) => r.tariff_id));
    await ctx.load([...own.values(), ...riderRates.values()].flat());
    return tariffs.map((t) => ({
      masterTariffId: t.masterTariffId,
      properties: [
        ...(t.properties ?? []),
        ...ctx.properties(own.get(t.tariffId) ?? []),
        ...riderVersions
          .get(t.tariffId)!
          .flatMap((v) => [
            ...(riderTariffs.get(v.tariff_id)?.properties ?? []),
            ...ctx.properties(riderRates.get(v.tariff_id) ?? []),
          ]),
      ],
    }));
  }
}

/** Loads, and keeps for one request, what rate-derived keys need: the rate facts, property keys, choices and territories. */
class RateKeyLoader {
  private readonly keys = new Map<string, PropertyKeyRow>();
  private readonly choices = new Map<string, NonNullable<TariffPropertyKey['choices']>>();
  private readonly loadedKeys = new Set<string>();
  private readonly territoryNames = new Map<number, string | null>();

  constructor(
    private readonly repo: TariffsRepository,
    private readonly keyRepo: PropertiesRepository,
    private readonly territories: TerritoriesRepository,
  ) {}

  /** The rate facts of each version (in chunks the databases' parameter limits allow). */
  async rateKeys(tariffIds: number[]): Promise<Map<number, RateKeyRow[]>> {
    const out = new Map<number, RateKeyRow[]>();
    for (let i = 0; i < tariffIds.length; i += 500) {
      for (const r of await this.repo.rateKeys(tariffIds.slice(i, i + 500)))
        (out.get(r.tariff_id) ?? out.set(r.tariff_id, []).get(r.tariff_id)!).push(r);
    }
    return out;
  }

  /** Loads the keys and territories the facts name that are not loaded yet. */
  async load(rows: readonly RateKeyRow[]): Promise<void> {
    await this.loadKeys(rateKeyNames(rows));
    for (const id of new Set(rows.map((r) => r.territory_id).filter((x): x is number => x !== null))) {
      if (!this.territoryNames.has(id))
        this.territoryNames.set(id, (await this.territories.find(id))?.territoryName ?? null);
    }
  }

  /** Loads the property keys (and their choices) of these names that are not loaded yet. */
  async loadKeys(keyNames: readonly string[]): Promise<void> {
    const names = [...new Set(keyNames)].filter((n) => !this.loadedKeys.has(n));
    for (let i = 0; i < names.length; i += 500) {
      const part = names.slice(i, i + 500);
      for (const k of await this.repo.propertyKeys(part)) this.keys.set(k.key_name, k);
      for (const [k, list] of await this.keyRepo.choicesOf(part)) this.choices.set(k, list);
    }
    for (const n of names) this.loadedKeys.add(n);
  }

  properties(rows: readonly RateKeyRow[]) {
    return rateKeyProperties(rows, {
      keys: this.keys,
      choices: this.choices,
      territoryName: (id) => this.territoryNames.get(id) ?? null,
    });
  }

  /** A key's unit, when it is a property key that has one (after loadKeys). */
  unitOf(keyName: string): string | null {
    return this.keys.get(keyName)?.quantity_unit ?? null;
  }
}
