// Demo catalogue content for the storefront.
// All product descriptions and customer reviews below are original demo copy
// written for this project. Product names are generic and do not refer to any
// real brand; prices, stock levels and specifications are illustrative only.

export type SeedPart = {
  name: string;
  category: 'brakes' | 'filters' | 'ignition' | 'suspension' | 'lighting' | 'electrical' | 'cooling' | 'engine' | 'drivetrain' | 'wipers';
  description: string;
  price: number;
  stock: number;
  minimumQuantity: number;
  img: string;
};

export const seedParts: SeedPart[] = [
  {
    name: 'Ceramic Front Brake Pad Set',
    category: 'brakes',
    description:
      'A four-pad axle set built around a low-metallic ceramic friction compound that stays quiet and produces far less visible wheel dust than semi-metallic pads. Each pad is bonded to a powder-coated steel backing plate with a chamfered, slotted friction block to control vibration, and a multi-layer rubber-steel shim is already fitted to the back. Friction is rated FF under the SAE J866 edge code, giving a consistent pedal feel from a cold start up to roughly 400 °C. Pads are 17.5 mm thick when new; replace them once any pad reaches 3 mm. The set includes stainless abutment clips and a sachet of caliper grease. Fits most compact and mid-size front-wheel-drive cars with single-piston floating calipers; check the pad outline number in the fitment table before ordering. Bed the pads in with eight to ten moderate stops from about 60 km/h without coming to a full halt, then let the brakes cool.',
    price: 42.99,
    stock: 180,
    minimumQuantity: 2,
    img: '/images/parts/ceramic-front-brake-pad-set.svg',
  },
  {
    name: 'Vented Front Brake Rotor 300 mm',
    category: 'brakes',
    description:
      'A 300 mm internally vented front disc cast from high-carbon grey iron, which absorbs heat better and resists judder longer than standard-grade castings. Curved internal vanes pump air from the hub side outwards, keeping surface temperatures lower during repeated hard stops. The rotor is 28 mm thick new with a minimum thickness of 26 mm stamped on the hat; replace it once it reaches that figure or if runout exceeds 0.05 mm. The hat and edge carry a zinc-grey anti-corrosion coating, while the friction faces are left bare, so there is no protective oil to remove before fitting. Five-stud pattern on 114.3 mm with a 64 mm centre bore. Sold individually; always replace rotors in pairs on the same axle and fit new pads at the same time. Clean the hub face of rust before installation and torque the wheel nuts in a star pattern to avoid distortion.',
    price: 68.5,
    stock: 120,
    minimumQuantity: 2,
    img: '/images/parts/vented-front-brake-rotor-300-mm.svg',
  },
  {
    name: 'Spin-On Engine Oil Filter',
    category: 'filters',
    description:
      'A full-flow spin-on oil filter with a 76 mm diameter steel can and a 3/4-16 UNF thread, the most common size on four-cylinder petrol engines. The pleated media is a cellulose and synthetic fibre blend rated at 98 percent efficiency for particles of 20 microns, which makes it suitable for extended service intervals of up to 15,000 km with fully synthetic oil. A silicone anti-drainback valve keeps oil in the filter when the engine is off, so pressure builds quickly at start-up, and the internal bypass valve opens at 1 bar. Before fitting, smear the new gasket with a little clean oil and check that the old gasket has not stuck to the block. Tighten by hand three quarters of a turn after the gasket makes contact; do not use a wrench to tighten. Run the engine for a minute, check for leaks, then top up the oil to the full mark.',
    price: 9.49,
    stock: 450,
    minimumQuantity: 10,
    img: '/images/parts/spin-on-engine-oil-filter.svg',
  },
  {
    name: 'Iridium Tip Spark Plug',
    category: 'ignition',
    description:
      'A long-life spark plug with a 0.6 mm iridium centre electrode and a platinum pad welded to the ground strap. The fine tip needs less voltage to fire and keeps a stable gap for up to 100,000 km, which makes it a good choice for modern coil-on-plug engines. The alumina ceramic insulator has five ribs to stop flashover, and the nickel-plated shell resists seizing in aluminium cylinder heads. Thread is 14 mm x 1.25 with a 26.5 mm reach and a 16 mm hex. Plugs come pre-gapped at 0.8 mm; do not adjust the gap on fine-wire plugs, because bending the ground strap can crack the iridium tip. Install on a cold engine, start each plug by hand to avoid cross-threading, and tighten to 20 to 25 Nm. Sold individually, so order one per cylinder.',
    price: 12.99,
    stock: 400,
    minimumQuantity: 4,
    img: '/images/parts/iridium-tip-spark-plug.svg',
  },
  {
    name: 'All-Season Beam Wiper Blade Pair',
    category: 'wipers',
    description:
      'A pair of frameless beam wiper blades, 24 inches for the driver side and 18 inches for the passenger side. A pre-curved spring steel spine spreads pressure evenly along the whole length, so the blade stays in contact with curved windscreens at motorway speeds and does not leave the streaks that framed blades often do. The natural rubber edge has a graphite coating for a quiet, smooth sweep, and an integrated aerodynamic spoiler pushes the blade down as speed increases. With no exposed frame joints, ice and snow have nowhere to build up, so the blades work just as well in winter. Includes adapters for J-hook, pinch-tab and side-pin arms. Clean the rubber edge with a damp cloth every few weeks and replace the blades every six to twelve months, or as soon as they start to chatter, smear or miss patches of glass.',
    price: 27.95,
    stock: 310,
    minimumQuantity: 1,
    img: '/images/parts/all-season-beam-wiper-blade-pair.svg',
  },
  {
    name: 'Activated Carbon Cabin Air Filter',
    category: 'filters',
    description:
      'A three-layer cabin filter that catches pollen, road dust and fine particulates, while a layer of activated carbon granules absorbs exhaust odours, ozone and nitrogen dioxide before they reach the ventilation outlets. The pleated synthetic media does not absorb moisture, which helps prevent the musty smell that damp paper filters can leave behind in the heater box. The filter measures 254 x 235 x 32 mm and has a flexible polyurethane frame, so it can be bent slightly to fit behind the glovebox. An airflow arrow is printed on the edge; point it in the same direction as the old filter. Replace the filter every 15,000 km or once a year, and more often if you drive on dusty roads or notice that the windows mist up slowly. A clogged cabin filter also puts extra strain on the blower motor.',
    price: 18.99,
    stock: 260,
    minimumQuantity: 5,
    img: '/images/parts/activated-carbon-cabin-air-filter.svg',
  },
  {
    name: 'Pencil Ignition Coil',
    category: 'ignition',
    description:
      'A direct-fit pencil-type ignition coil for coil-on-plug engines that mounts straight onto the spark plug, with no separate HT lead. The windings are set in epoxy resin under vacuum to prevent the internal cracks that cause misfires under load or in damp weather. The coil produces up to 40 kV of secondary voltage, and the silicone boot has a steel spring contact that grips the plug terminal firmly. A three-pin connector with a built-in igniter matches the original wiring plug. A failing coil usually shows up as a flashing engine warning light, a rough idle or a stored P030x misfire code for one cylinder. Swap the suspect coil with a neighbouring cylinder to confirm the fault before buying. Apply a thin film of dielectric grease inside the boot when fitting, and replace the spark plugs at the same time if they are due.',
    price: 54.9,
    stock: 75,
    minimumQuantity: 1,
    img: '/images/parts/pencil-ignition-coil.svg',
  },
  {
    name: 'Twin-Tube Gas Shock Absorber',
    category: 'suspension',
    description:
      'A rear twin-tube shock absorber charged with low-pressure nitrogen to reduce oil foaming and keep damping consistent on long, rough roads. The 20 mm chromed piston rod runs through a multi-lip seal with a dust wiper, and the valving follows the original equipment curve, so ride comfort and body control stay the same as the factory setup. The shock has an eye mount at the bottom and a stud mount at the top, an extended length of 512 mm and a compressed length of 318 mm. A protective boot and bump stop are included. Worn shocks increase stopping distances and cause uneven tyre wear, so check them every 80,000 km: look for oil leaks, excessive body bounce or cupped tyres. Always replace shocks in axle pairs, and tighten the mounting bolts only when the vehicle is resting on its wheels at normal ride height.',
    price: 79.95,
    stock: 64,
    minimumQuantity: 2,
    img: '/images/parts/twin-tube-gas-shock-absorber.svg',
  },
  {
    name: 'H11 LED Headlight Bulb Pair',
    category: 'lighting',
    description:
      'A pair of H11 plug-in LED bulbs, each producing about 2,600 effective lumens at a colour temperature of 6,000 K. The LED chips are mounted on a thin copper board in the same position as the filament of a halogen bulb, so the beam pattern keeps a sharp cut-off in reflector housings and does not dazzle oncoming drivers. A small fan and an aluminium heat sink keep the junction temperature below 90 °C, and each bulb draws about 25 W, roughly half the power of the halogen bulb it replaces. On vehicles that check bulbs through the CAN bus, you may need a load resistor to stop dashboard warnings. Check your local regulations before fitting: in many regions, LED retrofits are only legal in headlights approved for them. Aim the headlights on a level surface after installation, and keep the fan vents clear of dust and grease.',
    price: 49.99,
    stock: 0,
    minimumQuantity: 1,
    img: '/images/parts/h11-led-headlight-bulb-pair.svg',
  },
  {
    name: '12V AGM Start-Stop Battery 70Ah',
    category: 'electrical',
    description:
      'A sealed absorbent glass mat battery designed for vehicles with automatic start-stop, regenerative braking or a high electrical load. The electrolyte is held in fibreglass separators, so the battery cannot spill, handles deep cycling around three times better than a standard flooded battery and can be mounted at an angle. Rated at 70 Ah capacity, 760 A cold cranking (EN) and 120 minutes of reserve capacity. The case measures 278 x 175 x 190 mm, has standard tapered terminals and a positive terminal on the right, and includes a bottom hold-down ledge. On most modern cars, the new battery must be registered with the battery management system using a scan tool, otherwise the alternator may overcharge it. Only use an AGM-compatible charger set to a maximum of 14.7 V, and check that the vent tube is connected if the battery sits inside the cabin or boot.',
    price: 189,
    stock: 22,
    minimumQuantity: 1,
    img: '/images/parts/12v-agm-start-stop-battery-70ah.svg',
  },
  {
    name: 'Remanufactured 120A Alternator',
    category: 'electrical',
    description:
      'A remanufactured 14 V alternator rated at 120 A. Every unit is fully stripped and cleaned, then rebuilt with new bearings, brushes, a new voltage regulator and a new rectifier bridge; the stator and rotor windings are tested and replaced if they are out of tolerance. Each alternator is then tested on a load bench at several engine speeds before it is packed. It has a six-groove serpentine pulley with an overrunning clutch and the original three-point mounting pattern. Before fitting, find out why the old unit failed: a slipping belt, a faulty belt tensioner or a battery at the end of its life can quickly damage a new alternator. Disconnect the negative battery terminal before starting work. After installation, the charging voltage at the battery should be between 13.8 and 14.6 V at idle with the headlights on. The core charge is refunded when your old unit is returned in the same box.',
    price: 229.99,
    stock: 30,
    minimumQuantity: 1,
    img: '/images/parts/remanufactured-120a-alternator.svg',
  },
  {
    name: 'Aluminium Core Radiator',
    category: 'cooling',
    description:
      'A direct-replacement engine radiator with a brazed aluminium core of 680 x 400 x 26 mm and glass-reinforced nylon end tanks. Flat oval tubes and louvred fins give a larger heat-transfer area than the original copper-brass design, which helps on cars that tow or sit in heavy traffic in summer. The left tank contains an integrated oil cooler for automatic transmissions, and the hose outlets, mounting pins and fan brackets are in the factory positions. A plastic drain cock is fitted at the bottom. Flush the cooling system thoroughly when installing the radiator, because sludge from an old failed unit quickly blocks new tubes. Use only the coolant specified for your car, mixed 50/50 with demineralised water, and bleed the air out of the system carefully. Handle the fins with care, and do not use a pressure washer on them.',
    price: 164.5,
    stock: 26,
    minimumQuantity: 1,
    img: '/images/parts/aluminium-core-radiator.svg',
  },
  {
    name: 'Timing Belt Kit with Water Pump',
    category: 'engine',
    description:
      'A complete kit for a timing belt change: a 137-tooth HNBR timing belt with fibreglass tension cords, an automatic tensioner pulley, one idler pulley, a water pump with a cast iron impeller and the gaskets and bolts needed to fit them. Replacing the pump together with the belt is sensible because the pump is driven by the belt and sits behind the same covers, so the labour is almost the same. On interference engines, a snapped belt lets the valves hit the pistons, which usually means a major engine repair. Follow the replacement interval in the vehicle handbook, often between 90,000 and 160,000 km or every five to six years, whichever comes first. Lock the camshaft and crankshaft with the correct tools, set the tensioner pointer with the engine cold, turn the crank two full revolutions by hand and check the timing marks again before you start the engine.',
    price: 149.99,
    stock: 45,
    minimumQuantity: 1,
    img: '/images/parts/timing-belt-kit-with-water-pump.svg',
  },
  {
    name: '240 mm Clutch Kit',
    category: 'drivetrain',
    description:
      'A three-piece clutch kit for manual transmissions: a 240 mm diaphragm-spring pressure plate, a 23-spline organic friction disc with torsional damper springs and a sealed release bearing. The friction facings are riveted and bonded to the disc, giving smooth engagement and good durability for everyday driving and light towing. The clamp load and pedal effort match the factory setup, so the clutch feels the same as before. A plastic alignment tool is included for centring the disc during assembly. Always check the flywheel: a dual-mass flywheel with too much free play or rattle must be replaced, and a solid flywheel that shows hot spots should be resurfaced. Clean the input shaft splines and apply only a very thin film of high-temperature grease, then tighten the pressure plate bolts gradually in a cross pattern. Do not ride the clutch for the first few hundred kilometres.',
    price: 219,
    stock: 34,
    minimumQuantity: 1,
    img: '/images/parts/240-mm-clutch-kit.svg',
  },
];

export type SeedReview = {
  name: string;
  image: string;
  review: string;
  rating: 1 | 2 | 3 | 4 | 5;
};

export const seedReviews: SeedReview[] = [
  {
    name: 'Marcus Delaney',
    image: '/images/reviewers/marcus-delaney.svg',
    review:
      'Ordered front pads and rotors on a Monday and they were on my porch Wednesday morning. Everything fitted first time, no squeal after bedding in. Will be back for the rear set.',
    rating: 5,
  },
  {
    name: 'Priya Raman',
    image: '/images/reviewers/priya-raman.svg',
    review:
      'The iridium plugs were well packed and already gapped correctly. My idle is noticeably smoother. Lost one star because tracking info did not update for two days.',
    rating: 4,
  },
  {
    name: 'Tomasz Nowicki',
    image: '/images/reviewers/tomasz-nowicki.svg',
    review:
      'Radiator quality looks good, but the box arrived crushed on one corner and two fins were bent. Support sent a partial refund quickly, so I kept it. Better packaging next time, please.',
    rating: 3,
  },
  {
    name: 'Elena Vargas',
    image: '/images/reviewers/elena-vargas.svg',
    review:
      'Bought a battery and the registration tip in the description saved me a trip to the dealer. Clear specs, fair price, and the old core was collected with no fuss.',
    rating: 5,
  },
  {
    name: 'Jordan Blake',
    image: '/images/reviewers/jordan-blake.svg',
    review:
      'The fitment checker said the shocks would fit my wagon, but the top mount was different. The return was approved, yet I had to pay for return shipping myself. Not great.',
    rating: 2,
  },
  {
    name: 'Aisha Okafor',
    image: '/images/reviewers/aisha-okafor.svg',
    review:
      'Timing belt kit had every bolt and gasket I needed, and the water pump was a solid cast piece rather than the cheap plastic impeller I feared. Job done in one afternoon.',
    rating: 5,
  },
  {
    name: 'Henrik Lund',
    image: '/images/reviewers/henrik-lund.svg',
    review:
      'Wiper blades are quiet and clear the screen well in heavy rain. The adapter instructions could be clearer; it took me a while to work out which clip my car uses.',
    rating: 4,
  },
  {
    name: 'Sofia Marchetti',
    image: '/images/reviewers/sofia-marchetti.svg',
    review:
      'Cabin filter arrived fast and the car smells fresh again. Minimum order of five was more than I needed, but at this price I simply keep the spares for next year.',
    rating: 4,
  },
];
