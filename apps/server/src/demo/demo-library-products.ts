import type { PdfSection } from './demo-pdf.js';

/**
 * The four u8 terminal families as the demo library describes them (the demo fleet's own
 * models, simulators/demo-fleet/catalog.ts): what each is for and the facts its guides repeat.
 */
export interface ProductFamily {
  topic: 'HAWK u8' | 'OSPREY u8' | 'GOSHAWK u8' | 'PEREGRINE u8';
  slug: string;
  use: string;
  variants: string;
  mounting: string;
  size: string;
  weight: string;
  power: string;
  environment: string;
  /** The part-number stem of its installation guide and user manual. */
  part: string;
  /** What only this family's guides talk about. */
  special: PdfSection;
}

export const PRODUCT_FAMILIES: readonly ProductFamily[] = [
  {
    topic: 'HAWK u8',
    slug: 'hawk',
    use: 'land mobile and transportable terminals for first responders, broadcast and utility crews',
    variants: 'HAWK u8 GEO and HAWK u8 GEO-LTE',
    mounting:
      'the vehicle roof rails with the Hawk vehicle mounting kit, or the transportable tripod',
    size: '82 x 82 x 12 cm',
    weight: '28 kg',
    power: '24 V DC, 150 W typical and 310 W peak while the modem transmits',
    environment:
      'operating from -25 to +55 degrees Celsius, IP66 when the connector covers are fitted',
    part: '120-00101',
    special: {
      heading: 'Vehicle mounting kit',
      paragraphs: [
        'The vehicle mounting kit fastens the terminal to standard roof rails with four quick-release clamps. Check that the rails are rated for a static load of at least 60 kg before fitting the kit.',
        '- Torque the clamp bolts to 18 N m and check them again after the first 100 km.',
        '- Route the power and data harness through the supplied grommet, never through a door seal.',
        '- Keep a clear sky view of 10 degrees above the horizon in every direction of travel.',
      ],
    },
  },
  {
    topic: 'OSPREY u8',
    slug: 'osprey',
    use: 'maritime terminals for workboats, fishing fleets, ferries and offshore supply vessels',
    variants: 'OSPREY u8 Hybrid and OSPREY u8 Hybrid-GEO, with a 20 W or 40 W BUC',
    mounting: 'a mast or deck pedestal with the marine mounting plate, away from radar beams',
    size: '97 x 97 x 25 cm in its radome',
    weight: '54 kg with the radome',
    power:
      '100 to 240 V AC through the below-deck unit, 220 W typical and 480 W peak with the 40 W BUC',
    environment:
      'operating from -25 to +55 degrees Celsius, salt mist and roll of 25 degrees at 8 seconds',
    part: '120-00201',
    special: {
      heading: 'Radome care and desiccant',
      paragraphs: [
        'The radome keeps spray and salt off the aperture. Rinse it with fresh water every month and inspect the gasket for cracks at every port call longer than a day.',
        '- Replace the desiccant cartridge inside the radome every six months, or when its indicator turns pink.',
        '- Never paint the radome: paint detunes the aperture and voids the warranty.',
        '- Keep the radome at least 3 m from the ship radar scanner and outside its vertical beam.',
      ],
    },
  },
  {
    topic: 'GOSHAWK u8',
    slug: 'goshawk',
    use: 'communications on the move for command vehicles, rail and long-haul trucking',
    variants: 'GOSHAWK u8 GEO-LTE and GOSHAWK u8 Hybrid',
    mounting: 'the low-profile vehicle plate, bolted through the roof with the sealing kit',
    size: '78 x 78 x 9 cm',
    weight: '24 kg',
    power: '12 or 24 V DC, 130 W typical and 290 W peak',
    environment: 'operating from -30 to +55 degrees Celsius, vibration to MIL-STD-810H',
    part: '120-00301',
    special: {
      heading: 'Switching between satellite and cellular',
      paragraphs: [
        'The hybrid router prefers the cellular network while its signal is strong and switches to the satellite link when the cellular path fails its health check three times in a row.',
        '- The failover takes under 4 seconds; sessions that use the VPN stay up.',
        '- Set Allow Cell Traffic off to keep a vehicle on the satellite link only.',
      ],
    },
  },
  {
    topic: 'PEREGRINE u8',
    slug: 'peregrine',
    use: 'fixed sites: remote offices, pipelines, mines, telemetry stations and backup links',
    variants: 'PEREGRINE u8 GEO and PEREGRINE u8 GEO-LTE',
    mounting: 'the ground mount or the wall mount, on a foundation level to within 2 degrees',
    size: '82 x 82 x 12 cm',
    weight: '27 kg',
    power: '100 to 240 V AC with the outdoor power supply, 140 W typical and 300 W peak',
    environment: 'operating from -40 to +55 degrees Celsius with the heater kit, wind to 120 km/h',
    part: '120-00401',
    special: {
      heading: 'Cold weather operation',
      paragraphs: [
        'Below -25 degrees Celsius the heater kit keeps the electronics within their range. The terminal starts heating before it transmits, which can take up to 20 minutes after a cold start.',
        '- Clear snow from the aperture: 5 cm of wet snow costs about 3 dB of signal.',
        '- Do not use a heat gun or de-icing fluid on the aperture.',
      ],
    },
  },
];

/** The sections every family's installation guide has, in order. */
export function installationSections(f: ProductFamily): PdfSection[] {
  return [
    {
      heading: 'Before you start',
      paragraphs: [
        `The ${f.topic} family covers ${f.variants}. These terminals are ${f.use}. This guide takes an installer from the unopened box to a terminal that is online and visible in the portal.`,
        `Read the safety information first. The terminal weighs ${f.weight}; two people lift it. It mounts on ${f.mounting}.`,
        '- A torque wrench, an M8 hex key and the supplied harness.',
        '- A laptop or phone with the field app, signed in to the portal.',
        '- The terminal serial and the account it will belong to.',
      ],
    },
    {
      heading: 'Site survey',
      paragraphs: [
        'Choose a place with a clear view of the geostationary arc. Obstructions above 10 degrees elevation in the direction of the satellite cause outages; trees grow, so plan for the years ahead.',
        'Note the latitude and longitude of the site. The portal shows the terminal on the fleet map once it reports its position.',
      ],
    },
    {
      heading: 'Mounting',
      paragraphs: [
        `Fasten the mount to ${f.mounting}. Torque the mounting bolts to 18 N m in a cross pattern. The outline is ${f.size}.`,
        'Connect the power and data harness before you switch the supply on. The connectors are keyed: never force one.',
      ],
    },
    f.special,
    {
      heading: 'Power and first start',
      paragraphs: [
        `The terminal takes ${f.power}. At first start it runs its built-in self test (BIST) and then searches for the satellite. The status LED blinks green while it acquires and stays green once it is online.`,
        'If the LED turns red, read the troubleshooting guide: the BIST result is also in the diagnostic bundle.',
      ],
    },
    {
      heading: 'Commissioning in the portal',
      paragraphs: [
        'Open the device in the portal, check that its components match the terminal (antenna, modem and router serials) and synchronize it to the hub. Provisioning takes a few minutes; the job appears in Jobs with its progress.',
        'When the device shows Satellite Online, run a speed test from the field app and record the result in the commissioning checklist.',
      ],
    },
  ];
}

/** A family's datasheet sections. */
export function datasheetSections(f: ProductFamily): PdfSection[] {
  return [
    {
      heading: 'Overview',
      paragraphs: [
        `${f.topic}: ${f.use}. Electronically steered flat-panel aperture with no moving parts, available as ${f.variants}.`,
      ],
    },
    {
      heading: 'Specifications',
      paragraphs: [
        `- Dimensions: ${f.size}`,
        `- Weight: ${f.weight}`,
        `- Power: ${f.power}`,
        `- Environment: ${f.environment}`,
        '- Frequency: Ku-band, receive 10.7 to 12.75 GHz, transmit 13.75 to 14.5 GHz',
        '- Interfaces: 2 x Gigabit Ethernet, Wi-Fi management access point, GNSS',
      ],
    },
    {
      heading: 'Connectivity',
      paragraphs: [
        'Service plans from 5 GB to 240 GB per month on 12-month terms; up to 10 terminals can share a pooled plan. Standard connectivity is 5x2 Global.',
      ],
    },
  ];
}

/** A family's user manual sections. */
export function manualSections(f: ProductFamily): PdfSection[] {
  return [
    {
      heading: 'Daily operation',
      paragraphs: [
        `An ${f.topic} terminal needs no pointing: it acquires the satellite on its own after power-up and keeps tracking while it moves. The portal shows its network status, signal and usage.`,
        'The terminal reports every minute. A terminal that has not reported for 15 minutes is shown offline.',
      ],
    },
    {
      heading: 'Software updates',
      paragraphs: [
        'New terminal software is published in the SOFTWARE topic of Resources with its release notes and MD5 checksum. The portal can update a terminal remotely; a terminal can also be updated from the field app with the downloaded image.',
        'Verify the MD5 checksum of a downloaded image before you load it.',
      ],
    },
    f.special,
    {
      heading: 'Diagnostics',
      paragraphs: [
        'When support asks for a diagnostic bundle, collect it from the terminal web page (Diagnostics > Collect) and upload it in the portal under Tools > Diagnostics Upload. The bundle holds the self-test results, tracking history and logs, and is encrypted for the provider.',
      ],
    },
  ];
}

/** A family's troubleshooting guide sections. */
export function troubleshootingSections(f: ProductFamily): PdfSection[] {
  return [
    {
      heading: 'The terminal does not come online',
      paragraphs: [
        '- Check the status LED: red means the self test failed; amber means it searches for the satellite.',
        '- Check for obstructions along the line of sight to the satellite.',
        '- Check that the device is provisioned and activated in the portal, and that its subscription is active.',
      ],
    },
    {
      heading: 'Low throughput',
      paragraphs: [
        'Compare the signal-to-noise ratio in the device metrics with the commissioning value. A drop of more than 3 dB points to an obstruction, a wet or dirty aperture, or rain fade.',
        `For ${f.topic} terminals, see also: ${f.special.heading.toLowerCase()}.`,
      ],
    },
    {
      heading: 'Self test failures',
      paragraphs: [
        'A BIST failure names its test case. Power failures usually come from the supply or the harness; RF failures from the aperture or the BUC. Upload a diagnostic bundle and open a support ticket with the antenna serial.',
      ],
    },
  ];
}

/** The safety information every family ships (the same text in each family's folder). */
export const SAFETY_SECTIONS: PdfSection[] = [
  {
    heading: 'Radio frequency exposure',
    paragraphs: [
      'Keep at least 1 m from the front of the aperture while the terminal transmits. The terminal mutes its transmitter when its tilt sensor detects a fall.',
    ],
  },
  {
    heading: 'Electrical safety',
    paragraphs: [
      'Connect the terminal to a protected supply with the supplied harness only. Ground the mount at fixed sites.',
    ],
  },
];
