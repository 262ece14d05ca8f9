import { softwareVersions } from '../simulators/demo-fleet/catalog.js';
import {
  PRODUCT_FAMILIES,
  SAFETY_SECTIONS,
  datasheetSections,
  installationSections,
  manualSections,
  troubleshootingSections,
} from './demo-library-products.js';
import type { PdfSection } from './demo-pdf.js';

/** One file of the demo library: where it goes, what it says, and how old it is. */
export interface DemoLibraryFile {
  path: string;
  title: string;
  description: string;
  tags: string[];
  daysAgo: number;
  /** A PDF's sections, or the size of a binary (a software image, an installer). */
  body: { pdf: PdfSection[]; subtitle: string; reference: string } | { bytes: number };
}

const doc = (
  path: string,
  title: string,
  description: string,
  tags: string[],
  daysAgo: number,
  subtitle: string,
  pdf: PdfSection[],
  reference = 'Aerie document library',
): DemoLibraryFile => ({
  path,
  title,
  description,
  tags,
  daysAgo,
  body: { pdf, subtitle, reference },
});

/** A binary of the library (a software image, an installer) of `bytes` seeded bytes. */
const binary = (
  path: string,
  title: string,
  description: string,
  tags: string[],
  daysAgo: number,
  bytes: number,
): DemoLibraryFile => ({ path, title, description, tags, daysAgo, body: { bytes } });

/** A part-numbered file name (spec 002: NNN-NNNNN-NNN-revX). */
const partFile = (part: string, n: number, rev: string) => `${part}-00${n}-rev${rev}.pdf`;

function familyFiles(): DemoLibraryFile[] {
  return PRODUCT_FAMILIES.flatMap((f, i) => {
    const root = `/documents/${f.topic}`;
    const tags = [f.topic, f.slug];
    const files: DemoLibraryFile[] = [
      doc(
        `${root}/Installation/${partFile(f.part, 1, ['D', 'C', 'B', 'E'][i]!)}`,
        `${f.topic} Installation Guide`,
        `Unpacking, site survey, mounting and commissioning of ${f.variants}.`,
        [...tags, 'installation', 'commissioning'],
        40 + i * 9,
        'Installation guide',
        installationSections(f),
        `Part ${f.part}-001`,
      ),
      doc(
        `${root}/Installation/${f.topic} Quick Start Guide.pdf`,
        `${f.topic} Quick Start Guide`,
        'The first hour with a new terminal, on two pages.',
        [...tags, 'installation', 'quick start'],
        12 + i * 5,
        'Quick start',
        installationSections(f).slice(0, 2),
      ),
      doc(
        `${root}/Datasheets/${f.topic} Datasheet.pdf`,
        `${f.topic} Datasheet`,
        `Dimensions, weight, power and environmental ratings of ${f.variants}.`,
        [...tags, 'datasheet', 'specifications'],
        90 + i * 3,
        'Product datasheet',
        datasheetSections(f),
      ),
      doc(
        `${root}/Operation/${partFile(f.part, 2, ['F', 'D', 'C', 'C'][i]!)}`,
        `${f.topic} User Manual`,
        'Operating the terminal, software updates and diagnostics.',
        [...tags, 'manual', 'operation'],
        25 + i * 11,
        'User manual',
        manualSections(f),
        `Part ${f.part}-002`,
      ),
      doc(
        `${root}/Operation/${f.topic} Troubleshooting Guide.pdf`,
        `${f.topic} Troubleshooting Guide`,
        'What to check when a terminal does not come online or runs slowly.',
        [...tags, 'troubleshooting', 'support'],
        7 + i * 4,
        'Troubleshooting',
        troubleshootingSections(f),
      ),
      doc(
        `${root}/Regulatory/${f.topic} Declaration of Conformity.pdf`,
        `${f.topic} Declaration of Conformity`,
        'EU and UK declarations of conformity (RED, EMC, LVD).',
        [...tags, 'regulatory', 'compliance'],
        200 + i,
        'Declaration of conformity',
        [
          {
            heading: 'Declaration',
            paragraphs: [
              `The manufacturer declares that the ${f.topic} terminals (${f.variants}) comply with the essential requirements of the Radio Equipment Directive 2014/53/EU and the UK Radio Equipment Regulations 2017.`,
            ],
          },
        ],
      ),
      // The same file in every family's folder: the search shows it once (spec 002 §7).
      doc(
        `${root}/Safety Information.pdf`,
        'Safety Information',
        'Radio frequency exposure and electrical safety for every u8 terminal.',
        ['safety', 'u8'],
        300,
        'Safety information',
        SAFETY_SECTIONS,
      ),
    ];
    return files;
  });
}

const section = (heading: string, ...paragraphs: string[]): PdfSection => ({ heading, paragraphs });

function topicFiles(): DemoLibraryFile[] {
  const cs = '/documents/CONNECTIVITY SERVICES';
  const mk = '/documents/MARKETING AND SALES ASSETS';
  const lg = '/documents/LOGISTICS, IMPORT, AND REGISTRATION';
  const ap = '/documents/ACCESS PORTAL AND APP';
  return [
    doc(
      `${cs}/Service Plans Overview.pdf`,
      'Service Plans Overview',
      'Data packages, terms and pooling.',
      ['plans', 'pricing', 'connectivity'],
      30,
      'Connectivity services',
      [
        section(
          'Data packages',
          'Packages from 5 GB to 240 GB per month, on 12-month terms. Billing is in whole GB, with a GB being 1000^3 bytes. Standard connectivity is 5x2 Global: 5 by 2 Mbps, best effort.',
        ),
        section(
          'Pooling',
          'Up to 10 terminals can be pooled in one plan, with a $100 monthly pooling fee for terminals 2 to 10.',
        ),
        section(
          'Changes',
          'Upgrades are free. A downgrade is allowed once per 12 months for a fee and resets the term. The early termination fee equals the monthly fee times the months remaining.',
        ),
      ],
    ),
    doc(
      `${cs}/Activation Checklist.pdf`,
      'Activation Checklist',
      'From order to first traffic.',
      ['activation', 'connectivity'],
      18,
      'Connectivity services',
      [
        section(
          'Checklist',
          '- The terminal is commissioned and online.',
          '- The subscription is active; service starts at the earlier of activation or 45 days after shipment.',
          '- Ports 443 and 22 are open to the management network.',
          '- Deactivation notice is at least 30 days ahead.',
        ),
      ],
    ),
    doc(
      `${cs}/Cellular Failover Guide.pdf`,
      'Cellular Failover Guide',
      'How hybrid terminals use cellular networks.',
      ['cellular', 'lte', 'failover'],
      55,
      'Connectivity services',
      [
        section(
          'How failover works',
          'Hybrid terminals carry an LTE modem with its own SIM (the ICCID is shown in the portal). Traffic moves to the satellite when the cellular path fails its health check.',
        ),
        section(
          'Roaming',
          'Cellular data is billed separately from the satellite plan. Turn Allow Cell Traffic off for terminals that must never roam.',
        ),
      ],
    ),
    doc(
      `${cs}/Demo Plans.pdf`,
      'Demo Plans',
      'One-month demonstration service.',
      ['demo', 'plans'],
      70,
      'Connectivity services',
      [
        section(
          'Demo plans',
          'Demo plans last 1 month. Speed is 5 by 2 Mbps, best effort. A demo terminal can move to a paid plan without a new activation.',
        ),
      ],
    ),
    doc(
      `${mk}/Brochures/Product Family Brochure.pdf`,
      'u8 Product Family Brochure',
      'HAWK, OSPREY, GOSHAWK and PEREGRINE on one page each.',
      ['brochure', 'marketing'],
      45,
      'Sales brochure',
      PRODUCT_FAMILIES.map((f) => section(f.topic, `For ${f.use}. ${f.variants}.`)),
    ),
    doc(
      `${mk}/Brochures/Fleet Management Solution Brief.pdf`,
      'Fleet Management Solution Brief',
      'The portal for fleet operators.',
      ['portal', 'fleet', 'marketing'],
      60,
      'Solution brief',
      [
        section(
          'See every terminal',
          'Every terminal on one map, online or not, with its usage against its plan. Alerts when a terminal goes offline or a plan runs out.',
        ),
        section(
          'Role-based access',
          'Partners, customers and their child accounts each see their own fleet. API clients integrate the portal with ticketing and billing systems.',
        ),
      ],
    ),
    doc(
      `${mk}/Case Studies/Maritime Case Study.pdf`,
      'Maritime Case Study: Northwind Maritime',
      'Crew welfare and vessel telemetry on 40 workboats.',
      ['case study', 'maritime', 'osprey'],
      120,
      'Case study',
      [
        section(
          'The challenge',
          'Northwind Maritime operates workboats in the North Atlantic. Crews were offline for weeks and engine telemetry arrived on USB sticks.',
        ),
        section(
          'The result',
          'OSPREY u8 terminals with pooled plans brought crew messaging and live engine telemetry to every vessel; the fleet map shows each boat.',
        ),
      ],
    ),
    doc(
      `${lg}/${'120-00500-001-revA.pdf'}`,
      'Shipping and Packaging Guide',
      'Packaging, pallet sizes and handling.',
      ['shipping', 'logistics'],
      150,
      'Logistics',
      [
        section(
          'Packaging',
          'Each terminal ships in a foam-lined crate. Keep the crate for returns: a terminal returned without it may be refused.',
        ),
        section(
          'Handling',
          'Two people lift a terminal. Store crates flat, no more than three high.',
        ),
      ],
      'Part 120-00500-001',
    ),
    doc(
      `${lg}/Export Classification Statement.pdf`,
      'Export Classification (ECCN) Statement',
      'Export control classification of the u8 family.',
      ['export', 'eccn', 'compliance'],
      210,
      'Logistics',
      [
        section(
          'Classification',
          'The u8 terminals are classified 5A992.c (mass market encryption). Military variants are handled by your sales associate.',
        ),
      ],
    ),
    doc(
      `${lg}/Country Registration Requirements.pdf`,
      'Country Registration Requirements',
      'Where a terminal needs a licence or registration.',
      ['registration', 'licensing', 'import'],
      95,
      'Logistics',
      [
        section(
          'Before shipping',
          'Some countries require a type approval or an operating licence for satellite terminals. Check the list with your sales associate before the terminal ships.',
        ),
      ],
    ),
    doc(
      `${lg}/RMA Process.pdf`,
      'Return Material Authorization (RMA) Process',
      'Returning a terminal for repair.',
      ['rma', 'returns', 'warranty'],
      80,
      'Logistics',
      [
        section(
          'Warranty',
          'The warranty is 12 months, extendable to 5 years with a maintenance plan. A defect notice must be given within 15 days.',
        ),
        section(
          'Returns',
          'Open a support ticket with the antenna serial and a diagnostic bundle. Support issues an RMA number; ship the terminal in its original crate.',
        ),
      ],
    ),
    doc(
      `${ap}/Portal User Guide.pdf`,
      'Portal User Guide',
      'Devices, subscriptions, jobs and resources.',
      ['portal', 'guide'],
      14,
      'Access portal',
      [
        section(
          'Devices',
          'The device list shows every terminal of your accounts. Open one for its overview, configuration, usage and metrics.',
        ),
        section(
          'Global search',
          'The search in the top bar finds devices by name, serial, IMEI or ICCID, subscriptions by number and documents by their words.',
        ),
        section(
          'Resources',
          'Resources holds every document and software download. Search finds words inside the PDFs.',
        ),
      ],
    ),
    doc(
      `${ap}/Roles and Permissions.pdf`,
      'Roles and Permissions',
      'The six roles and what each can do.',
      ['roles', 'permissions', 'admin'],
      33,
      'Access portal',
      [
        section(
          'Roles',
          '- Super User and Admin: everything.',
          '- Sales Support and Product Support: every account, their own tasks.',
          '- Account Admin: their accounts, users and devices.',
          '- Credentialed: their devices, read mostly.',
        ),
      ],
    ),
    doc(
      `${ap}/API Getting Started.pdf`,
      'Portal API: Getting Started',
      'Client credentials, tokens and the first call.',
      ['api', 'integration'],
      21,
      'Access portal',
      [
        section(
          'Client credentials',
          'Create an API client under your user menu. Exchange its id and secret for a token at /connect/token with the scope partners-api, then call the API with the bearer token.',
        ),
      ],
    ),
    doc(
      `${ap}/Mobile App Quick Start.pdf`,
      'Field App Quick Start',
      'Installing and signing in to the field app.',
      ['app', 'mobile', 'field'],
      9,
      'Access portal',
      [
        section(
          'Install',
          'Download the field app from the SOFTWARE topic and sign in with your portal account. The app finds terminals on the local Wi-Fi management network.',
        ),
      ],
    ),
  ];
}

function softwareFiles(): DemoLibraryFile[] {
  const versions = softwareVersions.slice(-3).reverse();
  const files: DemoLibraryFile[] = [];
  const today = Date.parse('2026-11-30');
  PRODUCT_FAMILIES.forEach((f, i) => {
    versions.forEach((v, j) => {
      const daysAgo = Math.max(1, Math.round((today - Date.parse(v.releaseDate)) / 86_400_000));
      const dir = `/software-downloads/${f.topic}/${v.version}`;
      files.push(
        binary(
          `${dir}/${f.slug}-u8-firmware-${v.version}.swu`,
          `${f.topic} terminal software ${v.version}`,
          `Signed software image for ${f.variants}; requires ${v.minimumRequiredVersion} or later.`,
          [f.topic, 'firmware', v.version],
          daysAgo,
          640 * 1024 + ((i * 7 + j * 3) % 11) * 37 * 1024,
        ),
      );
      files.push(
        doc(
          `${dir}/${f.topic} Software Release Notes ${v.version}.pdf`,
          `${f.topic} Software Release Notes ${v.version}`,
          `What changed in ${v.version}, released ${v.releaseDate}.`,
          [f.topic, 'release notes', v.version],
          daysAgo,
          `Terminal software ${v.version}`,
          [
            section(
              'Upgrade path',
              `Terminals on ${v.minimumRequiredVersion} or later update directly. Check the image's MD5 checksum before loading it from the field app.`,
            ),
            section(
              'Changes',
              '- Faster satellite acquisition after a cold start.',
              `- ${f.special.heading}: improvements for ${f.topic} terminals.`,
              '- Security fixes in the management web server.',
            ),
          ],
          `Released ${v.releaseDate}`,
        ),
      );
    });
  });
  files.push(
    binary(
      '/software-downloads/Tools/aerie-opt-cli-1.3.0.zip',
      'Options file command line 1.3.0',
      'Validates antenna options files (.opt) on Windows, macOS and Linux.',
      ['tools', 'options file'],
      64,
      420 * 1024,
    ),
    binary(
      '/software-downloads/Tools/Antenna Pointing Tool 2.4.0.msi',
      'Antenna Pointing Tool 2.4.0',
      'Site survey and sky-view planning for fixed sites (Windows installer).',
      ['tools', 'site survey'],
      140,
      1_150 * 1024,
    ),
    binary(
      '/software-downloads/Field App/aerie-field-app-3.1.0.apk',
      'Field app 3.1.0 for Android',
      'Commissioning, speed tests and offline software updates.',
      ['app', 'android', 'field'],
      11,
      900 * 1024,
    ),
    doc(
      '/software-downloads/Field App/Field App Release Notes 3.1.0.pdf',
      'Field App Release Notes 3.1.0',
      'Offline software updates and a new speed test.',
      ['app', 'release notes'],
      11,
      'Field app 3.1.0',
      [
        section(
          'New',
          '- Load a downloaded software image onto a terminal without internet access.',
          '- Speed test with jitter and packet loss.',
        ),
      ],
    ),
  );
  return files;
}

/**
 * The demo library (spec 002 "Resources"): the topics' folders with installation guides,
 * datasheets, manuals and release notes of the demo fleet's products, and software images
 * with their release notes in the software-downloads container.
 */
export function demoLibrary(): DemoLibraryFile[] {
  return [...familyFiles(), ...topicFiles(), ...softwareFiles()];
}
