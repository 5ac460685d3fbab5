/** Countries the portal sells to, with the destination VAT/GST rate (basis points) and EMEA flag. */
export const countries: { code: string; name: string; emea: boolean; taxBp: number }[] = [
  { code: "AT", name: "Austria", emea: true, taxBp: 2000 },
  { code: "BE", name: "Belgium", emea: true, taxBp: 2100 },
  { code: "CH", name: "Switzerland", emea: true, taxBp: 810 },
  { code: "CZ", name: "Czechia", emea: true, taxBp: 2100 },
  { code: "DE", name: "Germany", emea: true, taxBp: 1900 },
  { code: "DK", name: "Denmark", emea: true, taxBp: 2500 },
  { code: "ES", name: "Spain", emea: true, taxBp: 2100 },
  { code: "FI", name: "Finland", emea: true, taxBp: 2550 },
  { code: "FR", name: "France", emea: true, taxBp: 2000 },
  { code: "GB", name: "United Kingdom", emea: true, taxBp: 2000 },
  { code: "GR", name: "Greece", emea: true, taxBp: 2400 },
  { code: "IE", name: "Ireland", emea: true, taxBp: 2300 },
  { code: "IT", name: "Italy", emea: true, taxBp: 2200 },
  { code: "LU", name: "Luxembourg", emea: true, taxBp: 1700 },
  { code: "NL", name: "Netherlands", emea: true, taxBp: 2100 },
  { code: "NO", name: "Norway", emea: true, taxBp: 2500 },
  { code: "PL", name: "Poland", emea: true, taxBp: 2300 },
  { code: "PT", name: "Portugal", emea: true, taxBp: 2300 },
  { code: "SE", name: "Sweden", emea: true, taxBp: 2500 },
  { code: "AE", name: "United Arab Emirates", emea: true, taxBp: 500 },
  { code: "ZA", name: "South Africa", emea: true, taxBp: 1500 },
  // Wholesale for resale is exempt from US sales tax; Canada charges GST on imports.
  { code: "US", name: "United States", emea: false, taxBp: 0 },
  { code: "CA", name: "Canada", emea: false, taxBp: 500 },
  { code: "AU", name: "Australia", emea: false, taxBp: 1000 },
  { code: "JP", name: "Japan", emea: false, taxBp: 1000 },
  { code: "SG", name: "Singapore", emea: false, taxBp: 900 },
];

const usStates =
  "AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming";
const caProvinces =
  "AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|YT Yukon";

function parse(country: string, list: string) {
  return list.split("|").map((entry) => {
    const [code, ...name] = entry.split(" ");
    return { code: `${country}-${code}`, countryCode: country, name: name.join(" ") };
  });
}

/** Provinces exist for the United States and Canada, where an address needs one. */
export const provinces = [...parse("US", usStates), ...parse("CA", caProvinces)];
