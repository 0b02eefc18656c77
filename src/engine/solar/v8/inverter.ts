// PVWatts v8's inverter (NREL SSC cmod_pvwattsv8.cpp with lib_sandia.cpp): the Sandia model (King et al. 2007,
// SAND2007-5036) with its curvature and voltage terms zero, so that AC = Paco / (Pdco - Pso) x (DC - Pso): a straight
// line through the self-consumption Pso, reaching the AC rating at the DC rating (AC rating / nominal efficiency),
// clipped at the AC rating; nothing below Pso and no night tare. Pso is v8's share of the AC rating by size. SSC means
// residential under 10 kW DC, commercial under 1 MW and utility above, but compares the thresholds with the DC
// nameplate in watts, so every system of 1 kW or more takes the utility share (0.4931 %): kept, since v8 computes so.

/** AC power, W, from DC power `dc` W, for an inverter of `acRating` W (DC nameplate `dcNameplate` W) at nominal efficiency `efficiency` (0-1). */
export function sandiaAc(dc: number, acRating: number, efficiency: number, dcNameplate: number): number {
  const pso = acRating * (dcNameplate < 10 ? 0.002246 : dcNameplate < 1000 ? 0.002478 : 0.004931);
  if (!(dc > pso)) return 0;
  const pdco = acRating / efficiency;
  return Math.min(acRating, (acRating / (pdco - pso)) * (dc - pso));
}
