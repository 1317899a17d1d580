// Vehicle reference data for the year/make/model/engine selector (US-market generations, written for this project).

export type MakeData = { make: string; wmi: string[] };

export type VehicleModelData = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engines: Array<{ name: string; yearFrom: number; yearTo: number }>;
};

// WMIs of each make's main plants; 1C4 and 3C4 are shared with other FCA brands, but Jeep is the only one in the demo list.
export const makes: MakeData[] = [
  { make: 'Toyota', wmi: ['JTD', 'JTE', 'JTM', 'JTN', '2T1', '2T3', '4T1', '5TD', '5TF', '5YF'] },
  { make: 'Honda', wmi: ['JHM', '1HG', '19X', '2HG', '2HK', '5FN', '5J6', '7FA', 'SHH'] },
  { make: 'Ford', wmi: ['1FA', '1FM', '1FT', '1ZV', '2FM', '3FA', '3FM', 'WF0'] },
  { make: 'Chevrolet', wmi: ['1G1', '1GC', '1GN', '2G1', '3G1', '3GC', '3GN', 'KL1', 'KL7'] },
  { make: 'Nissan', wmi: ['JN1', 'JN8', '1N4', '1N6', '3N1', '5N1', 'SJN'] },
  { make: 'Hyundai', wmi: ['KMH', 'KM8', '5NP', '5NM', 'TMA', 'MAL'] },
  { make: 'Kia', wmi: ['KNA', 'KND', '3KP', '5XX', '5XY', 'U5Y'] },
  { make: 'Volkswagen', wmi: ['WVW', 'WVG', 'WV2', '1VW', '1V2', '3VW', '9BW'] },
  { make: 'BMW', wmi: ['WBA', 'WBS', 'WBX', 'WBY', '4US', '5UX', '5YM'] },
  { make: 'Mazda', wmi: ['JM1', 'JM3', 'JMZ', '1YV', '3MZ', '4F2'] },
  { make: 'Subaru', wmi: ['JF1', 'JF2', '4S3', '4S4'] },
  { make: 'Jeep', wmi: ['1J4', '1J8', '1C4', '3C4', 'ZAC'] },
];

export const vehicleModels: VehicleModelData[] = [
  // Toyota
  {
    make: 'Toyota',
    model: 'Corolla',
    yearFrom: 2014,
    yearTo: 2019,
    engines: [
      { name: '1.8L I4', yearFrom: 2014, yearTo: 2019 },
      { name: '1.8L I4 Valvematic', yearFrom: 2014, yearTo: 2019 },
    ],
  },
  {
    make: 'Toyota',
    model: 'Corolla',
    yearFrom: 2020,
    yearTo: 2025,
    engines: [
      { name: '1.8L I4', yearFrom: 2020, yearTo: 2022 },
      { name: '2.0L I4', yearFrom: 2020, yearTo: 2025 },
      { name: '1.8L I4 Hybrid', yearFrom: 2020, yearTo: 2025 },
    ],
  },
  {
    make: 'Toyota',
    model: 'Camry',
    yearFrom: 2012,
    yearTo: 2017,
    engines: [
      { name: '2.5L I4', yearFrom: 2012, yearTo: 2017 },
      { name: '2.5L I4 Hybrid', yearFrom: 2012, yearTo: 2017 },
      { name: '3.5L V6', yearFrom: 2012, yearTo: 2017 },
    ],
  },
  {
    make: 'Toyota',
    model: 'Camry',
    yearFrom: 2018,
    yearTo: 2024,
    engines: [
      { name: '2.5L I4', yearFrom: 2018, yearTo: 2024 },
      { name: '2.5L I4 Hybrid', yearFrom: 2018, yearTo: 2024 },
      { name: '3.5L V6', yearFrom: 2018, yearTo: 2024 },
    ],
  },
  {
    make: 'Toyota',
    model: 'RAV4',
    yearFrom: 2013,
    yearTo: 2018,
    engines: [
      { name: '2.5L I4', yearFrom: 2013, yearTo: 2018 },
      { name: '2.5L I4 Hybrid', yearFrom: 2016, yearTo: 2018 },
    ],
  },
  {
    make: 'Toyota',
    model: 'RAV4',
    yearFrom: 2019,
    yearTo: 2025,
    engines: [
      { name: '2.5L I4', yearFrom: 2019, yearTo: 2025 },
      { name: '2.5L I4 Hybrid', yearFrom: 2019, yearTo: 2025 },
      { name: '2.5L I4 Plug-in Hybrid', yearFrom: 2021, yearTo: 2025 },
    ],
  },
  {
    make: 'Toyota',
    model: 'Tacoma',
    yearFrom: 2005,
    yearTo: 2015,
    engines: [
      { name: '2.7L I4', yearFrom: 2005, yearTo: 2015 },
      { name: '4.0L V6', yearFrom: 2005, yearTo: 2015 },
    ],
  },
  // Honda
  {
    make: 'Honda',
    model: 'Civic',
    yearFrom: 2006,
    yearTo: 2011,
    engines: [
      { name: '1.8L I4', yearFrom: 2006, yearTo: 2011 },
      { name: '2.0L I4', yearFrom: 2006, yearTo: 2011 },
      { name: '1.3L I4 Hybrid', yearFrom: 2006, yearTo: 2011 },
    ],
  },
  {
    make: 'Honda',
    model: 'Civic',
    yearFrom: 2016,
    yearTo: 2021,
    engines: [
      { name: '2.0L I4', yearFrom: 2016, yearTo: 2021 },
      { name: '1.5L I4 Turbo', yearFrom: 2016, yearTo: 2021 },
      { name: '2.0L I4 Turbo', yearFrom: 2017, yearTo: 2021 },
    ],
  },
  {
    make: 'Honda',
    model: 'Civic',
    yearFrom: 2022,
    yearTo: 2025,
    engines: [
      { name: '2.0L I4', yearFrom: 2022, yearTo: 2025 },
      { name: '1.5L I4 Turbo', yearFrom: 2022, yearTo: 2025 },
      { name: '2.0L I4 Turbo', yearFrom: 2023, yearTo: 2025 },
      { name: '2.0L I4 Hybrid', yearFrom: 2025, yearTo: 2025 },
    ],
  },
  {
    make: 'Honda',
    model: 'Accord',
    yearFrom: 1998,
    yearTo: 2002,
    engines: [
      { name: '2.3L I4', yearFrom: 1998, yearTo: 2002 },
      { name: '3.0L V6', yearFrom: 1998, yearTo: 2002 },
    ],
  },
  {
    make: 'Honda',
    model: 'Accord',
    yearFrom: 2013,
    yearTo: 2017,
    engines: [
      { name: '2.4L I4', yearFrom: 2013, yearTo: 2017 },
      { name: '3.5L V6', yearFrom: 2013, yearTo: 2017 },
      { name: '2.0L I4 Hybrid', yearFrom: 2014, yearTo: 2017 },
    ],
  },
  {
    make: 'Honda',
    model: 'CR-V',
    yearFrom: 2017,
    yearTo: 2022,
    engines: [
      { name: '2.4L I4', yearFrom: 2017, yearTo: 2019 },
      { name: '1.5L I4 Turbo', yearFrom: 2017, yearTo: 2022 },
      { name: '2.0L I4 Hybrid', yearFrom: 2020, yearTo: 2022 },
    ],
  },
  // Ford
  {
    make: 'Ford',
    model: 'F-150',
    yearFrom: 2009,
    yearTo: 2014,
    engines: [
      { name: '4.6L V8', yearFrom: 2009, yearTo: 2010 },
      { name: '5.4L V8', yearFrom: 2009, yearTo: 2010 },
      { name: '6.2L V8', yearFrom: 2010, yearTo: 2014 },
      { name: '3.7L V6', yearFrom: 2011, yearTo: 2014 },
      { name: '5.0L V8', yearFrom: 2011, yearTo: 2014 },
      { name: '3.5L V6 Turbo', yearFrom: 2011, yearTo: 2014 },
    ],
  },
  {
    make: 'Ford',
    model: 'F-150',
    yearFrom: 2015,
    yearTo: 2020,
    engines: [
      { name: '3.5L V6', yearFrom: 2015, yearTo: 2017 },
      { name: '3.3L V6', yearFrom: 2018, yearTo: 2020 },
      { name: '2.7L V6 Turbo', yearFrom: 2015, yearTo: 2020 },
      { name: '3.5L V6 Turbo', yearFrom: 2015, yearTo: 2020 },
      { name: '5.0L V8', yearFrom: 2015, yearTo: 2020 },
      { name: '3.0L V6 Diesel', yearFrom: 2018, yearTo: 2020 },
    ],
  },
  {
    make: 'Ford',
    model: 'F-150',
    yearFrom: 2021,
    yearTo: 2025,
    engines: [
      { name: '3.3L V6', yearFrom: 2021, yearTo: 2023 },
      { name: '2.7L V6 Turbo', yearFrom: 2021, yearTo: 2025 },
      { name: '3.5L V6 Turbo', yearFrom: 2021, yearTo: 2025 },
      { name: '3.5L V6 Hybrid', yearFrom: 2021, yearTo: 2025 },
      { name: '5.0L V8', yearFrom: 2021, yearTo: 2025 },
    ],
  },
  {
    make: 'Ford',
    model: 'Focus',
    yearFrom: 2012,
    yearTo: 2018,
    engines: [
      { name: '2.0L I4', yearFrom: 2012, yearTo: 2018 },
      { name: '1.0L I3 Turbo', yearFrom: 2014, yearTo: 2018 },
      { name: '2.0L I4 Turbo', yearFrom: 2013, yearTo: 2018 },
      { name: '2.3L I4 Turbo', yearFrom: 2016, yearTo: 2018 },
    ],
  },
  {
    make: 'Ford',
    model: 'Escape',
    yearFrom: 2013,
    yearTo: 2019,
    engines: [
      { name: '2.5L I4', yearFrom: 2013, yearTo: 2019 },
      { name: '1.6L I4 Turbo', yearFrom: 2013, yearTo: 2016 },
      { name: '1.5L I4 Turbo', yearFrom: 2017, yearTo: 2019 },
      { name: '2.0L I4 Turbo', yearFrom: 2013, yearTo: 2019 },
    ],
  },
  {
    make: 'Ford',
    model: 'Mustang',
    yearFrom: 2015,
    yearTo: 2023,
    engines: [
      { name: '2.3L I4 Turbo', yearFrom: 2015, yearTo: 2023 },
      { name: '3.7L V6', yearFrom: 2015, yearTo: 2017 },
      { name: '5.0L V8', yearFrom: 2015, yearTo: 2023 },
      { name: '5.2L V8', yearFrom: 2015, yearTo: 2020 },
    ],
  },
  // Chevrolet
  {
    make: 'Chevrolet',
    model: 'Silverado 1500',
    yearFrom: 2014,
    yearTo: 2018,
    engines: [
      { name: '4.3L V6', yearFrom: 2014, yearTo: 2018 },
      { name: '5.3L V8', yearFrom: 2014, yearTo: 2018 },
      { name: '6.2L V8', yearFrom: 2014, yearTo: 2018 },
    ],
  },
  {
    make: 'Chevrolet',
    model: 'Silverado 1500',
    yearFrom: 2019,
    yearTo: 2025,
    engines: [
      { name: '2.7L I4 Turbo', yearFrom: 2019, yearTo: 2025 },
      { name: '4.3L V6', yearFrom: 2019, yearTo: 2021 },
      { name: '5.3L V8', yearFrom: 2019, yearTo: 2025 },
      { name: '6.2L V8', yearFrom: 2019, yearTo: 2025 },
      { name: '3.0L I6 Diesel', yearFrom: 2020, yearTo: 2025 },
    ],
  },
  {
    make: 'Chevrolet',
    model: 'Cruze',
    yearFrom: 2011,
    yearTo: 2015,
    engines: [
      { name: '1.8L I4', yearFrom: 2011, yearTo: 2015 },
      { name: '1.4L I4 Turbo', yearFrom: 2011, yearTo: 2015 },
      { name: '2.0L I4 Turbo Diesel', yearFrom: 2014, yearTo: 2015 },
    ],
  },
  {
    make: 'Chevrolet',
    model: 'Malibu',
    yearFrom: 2016,
    yearTo: 2025,
    engines: [
      { name: '1.5L I4 Turbo', yearFrom: 2016, yearTo: 2025 },
      { name: '2.0L I4 Turbo', yearFrom: 2016, yearTo: 2022 },
      { name: '1.8L I4 Hybrid', yearFrom: 2016, yearTo: 2019 },
    ],
  },
  {
    make: 'Chevrolet',
    model: 'Equinox',
    yearFrom: 2018,
    yearTo: 2024,
    engines: [
      { name: '1.5L I4 Turbo', yearFrom: 2018, yearTo: 2024 },
      { name: '2.0L I4 Turbo', yearFrom: 2018, yearTo: 2020 },
      { name: '1.6L I4 Turbo Diesel', yearFrom: 2018, yearTo: 2019 },
    ],
  },
  // Nissan
  {
    make: 'Nissan',
    model: 'Frontier',
    yearFrom: 1998,
    yearTo: 2004,
    engines: [
      { name: '2.4L I4', yearFrom: 1998, yearTo: 2004 },
      { name: '3.3L V6', yearFrom: 1999, yearTo: 2004 },
    ],
  },
  {
    make: 'Nissan',
    model: 'Altima',
    yearFrom: 2013,
    yearTo: 2018,
    engines: [
      { name: '2.5L I4', yearFrom: 2013, yearTo: 2018 },
      { name: '3.5L V6', yearFrom: 2013, yearTo: 2017 },
    ],
  },
  {
    make: 'Nissan',
    model: 'Sentra',
    yearFrom: 2013,
    yearTo: 2019,
    engines: [
      { name: '1.8L I4', yearFrom: 2013, yearTo: 2019 },
      { name: '1.6L I4 Turbo', yearFrom: 2017, yearTo: 2019 },
    ],
  },
  {
    make: 'Nissan',
    model: 'Rogue',
    yearFrom: 2014,
    yearTo: 2020,
    engines: [
      { name: '2.5L I4', yearFrom: 2014, yearTo: 2020 },
      { name: '2.0L I4 Hybrid', yearFrom: 2017, yearTo: 2019 },
    ],
  },
  // Hyundai
  {
    make: 'Hyundai',
    model: 'Elantra',
    yearFrom: 2017,
    yearTo: 2020,
    engines: [
      { name: '2.0L I4', yearFrom: 2017, yearTo: 2020 },
      { name: '1.4L I4 Turbo', yearFrom: 2017, yearTo: 2020 },
      { name: '1.6L I4 Turbo', yearFrom: 2017, yearTo: 2020 },
    ],
  },
  {
    make: 'Hyundai',
    model: 'Sonata',
    yearFrom: 2015,
    yearTo: 2019,
    engines: [
      { name: '2.4L I4', yearFrom: 2015, yearTo: 2019 },
      { name: '2.0L I4 Turbo', yearFrom: 2015, yearTo: 2019 },
      { name: '1.6L I4 Turbo', yearFrom: 2016, yearTo: 2019 },
      { name: '2.0L I4 Hybrid', yearFrom: 2016, yearTo: 2019 },
    ],
  },
  {
    make: 'Hyundai',
    model: 'Tucson',
    yearFrom: 2016,
    yearTo: 2021,
    engines: [
      { name: '2.0L I4', yearFrom: 2016, yearTo: 2021 },
      { name: '1.6L I4 Turbo', yearFrom: 2016, yearTo: 2018 },
      { name: '2.4L I4', yearFrom: 2019, yearTo: 2021 },
    ],
  },
  // Kia
  {
    make: 'Kia',
    model: 'Optima',
    yearFrom: 2016,
    yearTo: 2020,
    engines: [
      { name: '2.4L I4', yearFrom: 2016, yearTo: 2020 },
      { name: '1.6L I4 Turbo', yearFrom: 2016, yearTo: 2020 },
      { name: '2.0L I4 Turbo', yearFrom: 2016, yearTo: 2020 },
      { name: '2.0L I4 Hybrid', yearFrom: 2017, yearTo: 2020 },
    ],
  },
  {
    make: 'Kia',
    model: 'Sorento',
    yearFrom: 2016,
    yearTo: 2020,
    engines: [
      { name: '2.4L I4', yearFrom: 2016, yearTo: 2020 },
      { name: '2.0L I4 Turbo', yearFrom: 2016, yearTo: 2018 },
      { name: '3.3L V6', yearFrom: 2016, yearTo: 2020 },
    ],
  },
  {
    make: 'Kia',
    model: 'Soul',
    yearFrom: 2014,
    yearTo: 2019,
    engines: [
      { name: '1.6L I4', yearFrom: 2014, yearTo: 2019 },
      { name: '2.0L I4', yearFrom: 2014, yearTo: 2019 },
      { name: '1.6L I4 Turbo', yearFrom: 2017, yearTo: 2019 },
    ],
  },
  // Volkswagen
  {
    make: 'Volkswagen',
    model: 'Golf',
    yearFrom: 1999,
    yearTo: 2006,
    engines: [
      { name: '2.0L I4', yearFrom: 1999, yearTo: 2006 },
      { name: '1.8L I4 Turbo', yearFrom: 1999, yearTo: 2005 },
      { name: '1.9L I4 Turbo Diesel', yearFrom: 1999, yearTo: 2006 },
      { name: '2.8L VR6', yearFrom: 1999, yearTo: 2004 },
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Golf',
    yearFrom: 2015,
    yearTo: 2021,
    engines: [
      { name: '1.8L I4 Turbo', yearFrom: 2015, yearTo: 2019 },
      { name: '1.4L I4 Turbo', yearFrom: 2019, yearTo: 2021 },
      { name: '2.0L I4 Turbo', yearFrom: 2015, yearTo: 2021 },
      { name: '2.0L I4 Turbo Diesel', yearFrom: 2015, yearTo: 2015 },
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Jetta',
    yearFrom: 2011,
    yearTo: 2018,
    engines: [
      { name: '2.0L I4', yearFrom: 2011, yearTo: 2014 },
      { name: '2.5L I5', yearFrom: 2011, yearTo: 2014 },
      { name: '1.8L I4 Turbo', yearFrom: 2014, yearTo: 2018 },
      { name: '1.4L I4 Turbo', yearFrom: 2016, yearTo: 2018 },
      { name: '2.0L I4 Turbo Diesel', yearFrom: 2011, yearTo: 2015 },
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Passat',
    yearFrom: 2012,
    yearTo: 2019,
    engines: [
      { name: '2.5L I5', yearFrom: 2012, yearTo: 2014 },
      { name: '1.8L I4 Turbo', yearFrom: 2014, yearTo: 2017 },
      { name: '2.0L I4 Turbo', yearFrom: 2018, yearTo: 2019 },
      { name: '3.6L V6', yearFrom: 2012, yearTo: 2018 },
      { name: '2.0L I4 Turbo Diesel', yearFrom: 2012, yearTo: 2015 },
    ],
  },
  // BMW
  {
    make: 'BMW',
    model: '3 Series',
    yearFrom: 1999,
    yearTo: 2005,
    engines: [
      { name: '2.5L I6', yearFrom: 1999, yearTo: 2005 },
      { name: '2.8L I6', yearFrom: 1999, yearTo: 2000 },
      { name: '3.0L I6', yearFrom: 2001, yearTo: 2005 },
    ],
  },
  {
    make: 'BMW',
    model: '3 Series',
    yearFrom: 2012,
    yearTo: 2018,
    engines: [
      { name: '2.0L I4 Turbo', yearFrom: 2012, yearTo: 2018 },
      { name: '3.0L I6 Turbo', yearFrom: 2012, yearTo: 2018 },
      { name: '2.0L I4 Turbo Diesel', yearFrom: 2014, yearTo: 2018 },
      { name: '2.0L I4 Plug-in Hybrid', yearFrom: 2016, yearTo: 2018 },
    ],
  },
  {
    make: 'BMW',
    model: 'X5',
    yearFrom: 2007,
    yearTo: 2013,
    engines: [
      { name: '3.0L I6', yearFrom: 2007, yearTo: 2010 },
      { name: '4.8L V8', yearFrom: 2007, yearTo: 2010 },
      { name: '3.0L I6 Turbo', yearFrom: 2011, yearTo: 2013 },
      { name: '4.4L V8 Turbo', yearFrom: 2011, yearTo: 2013 },
      { name: '3.0L I6 Turbo Diesel', yearFrom: 2009, yearTo: 2013 },
    ],
  },
  // Mazda
  {
    make: 'Mazda',
    model: 'MX-5 Miata',
    yearFrom: 1999,
    yearTo: 2005,
    engines: [{ name: '1.8L I4', yearFrom: 1999, yearTo: 2005 }],
  },
  {
    make: 'Mazda',
    model: 'Mazda3',
    yearFrom: 2014,
    yearTo: 2018,
    engines: [
      { name: '2.0L I4', yearFrom: 2014, yearTo: 2018 },
      { name: '2.5L I4', yearFrom: 2014, yearTo: 2018 },
    ],
  },
  {
    make: 'Mazda',
    model: 'CX-5',
    yearFrom: 2017,
    yearTo: 2025,
    engines: [
      { name: '2.5L I4', yearFrom: 2017, yearTo: 2025 },
      { name: '2.5L I4 Turbo', yearFrom: 2019, yearTo: 2025 },
      { name: '2.2L I4 Turbo Diesel', yearFrom: 2019, yearTo: 2019 },
    ],
  },
  // Subaru
  {
    make: 'Subaru',
    model: 'Forester',
    yearFrom: 2014,
    yearTo: 2018,
    engines: [
      { name: '2.5L H4', yearFrom: 2014, yearTo: 2018 },
      { name: '2.0L H4 Turbo', yearFrom: 2014, yearTo: 2018 },
    ],
  },
  {
    make: 'Subaru',
    model: 'Outback',
    yearFrom: 2015,
    yearTo: 2019,
    engines: [
      { name: '2.5L H4', yearFrom: 2015, yearTo: 2019 },
      { name: '3.6L H6', yearFrom: 2015, yearTo: 2019 },
    ],
  },
  {
    make: 'Subaru',
    model: 'Impreza',
    yearFrom: 2017,
    yearTo: 2023,
    engines: [{ name: '2.0L H4', yearFrom: 2017, yearTo: 2023 }],
  },
  // Jeep
  {
    make: 'Jeep',
    model: 'Cherokee',
    yearFrom: 1997,
    yearTo: 2001,
    engines: [
      { name: '2.5L I4', yearFrom: 1997, yearTo: 2000 },
      { name: '4.0L I6', yearFrom: 1997, yearTo: 2001 },
    ],
  },
  {
    make: 'Jeep',
    model: 'Wrangler',
    yearFrom: 2007,
    yearTo: 2017,
    engines: [
      { name: '3.8L V6', yearFrom: 2007, yearTo: 2011 },
      { name: '3.6L V6', yearFrom: 2012, yearTo: 2017 },
    ],
  },
  {
    make: 'Jeep',
    model: 'Wrangler',
    yearFrom: 2018,
    yearTo: 2025,
    engines: [
      { name: '3.6L V6', yearFrom: 2018, yearTo: 2025 },
      { name: '2.0L I4 Turbo', yearFrom: 2018, yearTo: 2025 },
      { name: '3.0L V6 Diesel', yearFrom: 2020, yearTo: 2023 },
      { name: '2.0L I4 Plug-in Hybrid', yearFrom: 2021, yearTo: 2025 },
      { name: '6.4L V8', yearFrom: 2021, yearTo: 2024 },
    ],
  },
  {
    make: 'Jeep',
    model: 'Grand Cherokee',
    yearFrom: 2011,
    yearTo: 2021,
    engines: [
      { name: '3.6L V6', yearFrom: 2011, yearTo: 2021 },
      { name: '5.7L V8', yearFrom: 2011, yearTo: 2021 },
      { name: '6.4L V8', yearFrom: 2012, yearTo: 2021 },
      { name: '3.0L V6 Diesel', yearFrom: 2014, yearTo: 2019 },
      { name: '6.2L V8 Supercharged', yearFrom: 2018, yearTo: 2021 },
    ],
  },
];
