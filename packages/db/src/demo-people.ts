import { faker } from '@faker-js/faker';
import { createGroup, createSite, grantRight } from './asset-factories';
import type { DbOrTx } from './client';
import { createMember } from './factories';

/**
 * The demo organisation's staff: names a New Zealand council's staff list has (Pākehā, Māori, Pacific, Asian
 * and Indian names, as in Wellington), titles that agree with them, and the job titles of the people who would
 * use the product: energy, facilities, finance, fleet, water and community facilities (docs/decisions/demo.md).
 * Drawn with faker's seeded generator, so the demo is the same on every first start.
 */
const WOMEN = (
  'Aroha, Hana, Mere, Ngāire, Moana, Anahera, Kiri, Mereana, Sarah, Emma, Olivia, Charlotte, ' +
  'Sophie, Grace, Ruby, Isla, Amelia, Hannah, Rebecca, Rachel, Michelle, Nicola, Karen, Angela, ' +
  'Fiona, Claire, Helen, Megan, Jessica, Kate, Priya, Anjali, Mei, Lucy, Wen, Ji-woo, Mele, ' +
  'Salote, Sina, Lupe, Ana, Tania, Shona, Bridget'
).split(', ');
const MEN = (
  'Wiremu, Tama, Rāwiri, Hēmi, Tāne, Manaia, Nikau, James, William, Oliver, Jack, Thomas, Samuel, ' +
  'Benjamin, Daniel, Matthew, Andrew, David, Michael, Peter, Mark, Craig, Shane, Grant, Brendon, ' +
  'Hamish, Logan, Liam, Ethan, Sione, Tevita, Ioane, Sefo, Tomasi, Rajesh, Arjun, Wei, Jun, ' +
  'Min-jun, Callum, Angus, Stuart'
).split(', ');
const SURNAMES = (
  'Smith, Wilson, Williams, Brown, Taylor, Jones, Anderson, Thompson, Walker, Harris, Robinson, ' +
  'Campbell, Stewart, Clark, Young, Wright, Scott, King, Mitchell, Morgan, Bell, Murray, Reid, ' +
  "Hughes, Kelly, Ward, Cooper, Fraser, McDonald, MacKenzie, O'Brien, Sullivan, Doyle, de Vries, " +
  'van der Berg, Ngata, Parata, Tipene, Waaka, Henare, Rangi, Paki, Tamihana, Hohaia, Pōmare, ' +
  'Te Huia, Ruawai, Fonoti, Tuilagi, Faleolo, Taufa, Latu, Havili, Leota, Vaifale, Chen, Wang, Li, ' +
  'Zhang, Liu, Nguyen, Tran, Kim, Park, Lee, Patel, Singh, Sharma, Kumar, Reddy, Naidu'
).split(', ');

/** Job titles by what a person does with the product: administrators run it, editors keep its data. */
export const DEMO_POSITIONS = {
  administrator: [
    'Energy and Carbon Manager',
    'Facilities Manager',
    'Property Services Manager',
    'Finance Manager',
    'Infrastructure Services Manager',
  ],
  editor: [
    'Energy Analyst',
    'Sustainability Advisor',
    'Facilities Coordinator',
    'Asset Engineer',
    'Building Services Engineer',
    'Accounts Payable Officer',
    'Management Accountant',
    'Procurement Advisor',
    'Property Officer',
    'Maintenance Planner',
    'Contracts Administrator',
    'Water Services Engineer',
    'Process Engineer',
    'Climate Change Advisor',
  ],
  depots: ['Depot Supervisor', 'Fleet Coordinator', 'Workshop Foreman'],
  reader: [
    'Library Services Manager',
    'Aquatic Centre Manager',
    'Pool Plant Operator',
    'Water Treatment Operator',
    'Parks and Reserves Officer',
    'Customer Services Team Leader',
    'Communications Advisor',
    'Executive Assistant',
    'Health and Safety Advisor',
    'Internal Auditor',
    'Records Officer',
    'IT Systems Administrator',
    'Project Manager',
    'Community Facilities Officer',
    'Chief Financial Officer',
    'Group Manager Infrastructure',
  ],
} as const;

/** A login ID from a name: lower case, the macrons and apostrophes dropped ('Pōmare' -> 'pomare'). */
export const loginIdOf = (firstName: string, surname: string) =>
  `${firstName}.${surname}`
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');

function person() {
  const woman = faker.datatype.boolean();
  const firstName = faker.helpers.arrayElement(woman ? WOMEN : MEN);
  const surname = faker.helpers.arrayElement(SURNAMES);
  const title = faker.helpers.weightedArrayElement(
    woman
      ? [
          { weight: 5, value: 'Ms' },
          { weight: 2, value: 'Mrs' },
          { weight: 1, value: 'Dr' },
          { weight: 4, value: null },
        ]
      : [
          { weight: 6, value: 'Mr' },
          { weight: 1, value: 'Dr' },
          { weight: 4, value: null },
        ],
  );
  return { firstName, surname, title };
}

export const DEMO_SITES = [
  'Head Office',
  'Northern Depot',
  'Southern Depot',
  'Aquatic Centre',
  'Civic Library',
  'Water Treatment Plant',
] as const;

/**
 * The demo's six sites and 147 colleagues beside the named accounts, so the users list pages: a few
 * administrators, a few blocked from the product or from the organisation, a few single sign-on users, and
 * advanced rights on the demo's sites (the depots' staff edit the Depots group; a few are barred from the
 * library). demo.observer is an Observer of the organisation and a General User of the Aquatic Centre.
 */
export async function seedDemoColleagues(
  tx: DbOrTx,
  organisationId: number,
  { observer, password }: { observer: number; password: string },
) {
  const sites = [];
  for (const name of DEMO_SITES) sites.push(await createSite(tx, organisationId, { name }));
  const [, northern, southern, aquatic, library] = sites;
  const depots = await createGroup(tx, organisationId, 'site', 'Depots', [
    northern?.id ?? 0,
    southern?.id ?? 0,
  ]);
  await grantRight(tx, {
    userId: observer,
    organisationId,
    assetType: 'site',
    assetId: aquatic?.id ?? 0,
    rightId: 3,
  });

  const taken = new Set<string>(['demo', 'demo.general', 'demo.observer']);
  for (let i = 0; i < 147; i++) {
    const sso = i % 23 === 7;
    const admin = i % 29 === 3;
    const accessId = admin ? 2 : i % 3 === 0 ? 3 : 4;
    const depot = i % 17 === 4;
    const { firstName, surname, title } = person();
    const base = loginIdOf(firstName, surname);
    let loginId = base;
    for (let n = 2; taken.has(loginId); n++) loginId = `${base}${n}`;
    taken.add(loginId);
    const positions = admin
      ? DEMO_POSITIONS.administrator
      : depot
        ? DEMO_POSITIONS.depots
        : accessId === 3
          ? DEMO_POSITIONS.editor
          : DEMO_POSITIONS.reader;
    const user = await createMember(tx, organisationId, {
      firstName,
      surname,
      loginId,
      email: `${loginId}@demo.verdant.example`,
      password: sso ? null : password,
      sso,
      title,
      position: faker.helpers.arrayElement(positions),
      employingOrganisation: 'Demo Organisation',
      mobile: faker.helpers.maybe(() => `021 ${faker.string.numeric(3)} ${faker.string.numeric(4)}`) ?? null,
      statusId: i % 31 === 11 ? 2 : 1,
      accessId,
      admin,
      orgBlocked: i % 37 === 19,
    });
    if (depot) {
      await grantRight(tx, {
        userId: user.id,
        organisationId,
        assetType: 'site-group',
        assetId: depots.id,
        rightId: 3,
      });
    } else if (i % 19 === 6) {
      await grantRight(tx, {
        userId: user.id,
        organisationId,
        assetType: 'site',
        assetId: library?.id ?? 0,
        rightId: -1,
      });
    }
  }
  return sites;
}
