// Average residential electricity consumption per customer, by state (50 states + DC).
// Source: EIA Electric Sales, Revenue, and Average Price, Table 5A (2022 data) — "Average Monthly
// Consumption (kWh)" per residential customer account (total residential sales / customers / 12).
// Derivation: the published monthly kWh figure (whole kWh, as published) multiplied by 12; no other
// adjustment. A "customer" is a metered account, not a household. All 51 rows present in the source.

export const RESIDENTIAL_CONSUMPTION_SOURCE: string =
  'U.S. Energy Information Administration (EIA), Electric Sales, Revenue, and Average Price, Table 5A "Residential average monthly bill by Census Division and State" (forms EIA-861 schedules 4A-D, EIA-861S, EIA-861U), data year 2022; original: https://www.eia.gov/electricity/sales_revenue_price/ (xls/table_5A.xlsx). Read from the state rows of that table as copied into github.com/coopersigrist/SunSight @ 0c7f57bbe33e5a91794eb9095b8969dc129b0531 (file added in d1cad9842cd6dc6bfbf4c4f229e0ae7a100ffeb6; same rows at 1d47155dc4a4e4b87b21042204cbc7a28a9f0092), path Data/Grid/elec_rate_states_2022.csv, column "Average Monthly Consumption (kWh)". Values here are that monthly figure x 12 (kWh per residential customer account per year). Licence: EIA data is a U.S. Government work in the public domain.';

export const RESIDENTIAL_ANNUAL_KWH: Readonly<Record<string, number>> = Object.freeze({
  AK: 6960, // 580 kWh/month
  AL: 14136, // 1178 kWh/month
  AR: 13320, // 1110 kWh/month
  AZ: 12732, // 1061 kWh/month
  CA: 6420, // 535 kWh/month
  CO: 8304, // 692 kWh/month
  CT: 8592, // 716 kWh/month
  DC: 8220, // 685 kWh/month
  DE: 11292, // 941 kWh/month
  FL: 13332, // 1111 kWh/month
  GA: 13152, // 1096 kWh/month
  HI: 6180, // 515 kWh/month
  IA: 10656, // 888 kWh/month
  ID: 12060, // 1005 kWh/month
  IL: 8640, // 720 kWh/month
  IN: 11400, // 950 kWh/month
  KS: 11136, // 928 kWh/month
  KY: 13128, // 1094 kWh/month
  LA: 14772, // 1231 kWh/month
  MA: 6924, // 577 kWh/month
  MD: 11616, // 968 kWh/month
  ME: 6996, // 583 kWh/month
  MI: 7824, // 652 kWh/month
  MN: 9276, // 773 kWh/month
  MO: 12924, // 1077 kWh/month
  MS: 14232, // 1186 kWh/month
  MT: 10896, // 908 kWh/month
  NC: 12864, // 1072 kWh/month
  ND: 13428, // 1119 kWh/month
  NE: 12516, // 1043 kWh/month
  NH: 7476, // 623 kWh/month
  NJ: 8184, // 682 kWh/month
  NM: 7908, // 659 kWh/month
  NV: 11268, // 939 kWh/month
  NY: 7104, // 592 kWh/month
  OH: 10488, // 874 kWh/month
  OK: 13860, // 1155 kWh/month
  OR: 11352, // 946 kWh/month
  PA: 10248, // 854 kWh/month
  RI: 7068, // 589 kWh/month
  SC: 13056, // 1088 kWh/month
  SD: 12696, // 1058 kWh/month
  TN: 14256, // 1188 kWh/month
  TX: 14136, // 1178 kWh/month
  UT: 9396, // 783 kWh/month
  VA: 13032, // 1086 kWh/month
  VT: 6816, // 568 kWh/month
  WA: 12156, // 1013 kWh/month
  WI: 8208, // 684 kWh/month
  WV: 12888, // 1074 kWh/month
  WY: 10692, // 891 kWh/month
});
