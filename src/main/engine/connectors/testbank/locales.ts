/**
 * What the test bank's statements look like: merchants (with their expected category, checked by the
 * tests against domain/categorize.ts) and the wording of recurring operations, for a French and a British
 * customer. Amounts are minor units (cents / pence).
 */
import type { TransactionType } from '../types';
import { ddMon, ddmm, MONTHS_EN, MONTHS_EN_SHORT, MONTHS_FR, MONTHS_FR_BANK } from './dates';

export interface Merchant {
  /** Cleaned label. */
  label: string;
  /** How the merchant appears in the raw bank text. */
  raw: string;
  city?: string;
  min: number;
  max: number;
  /** Expected category (tests check categorize() agrees). */
  category: string;
}

export type PoolName =
  | 'groceries' | 'bakery' | 'cafe' | 'restaurant' | 'fastFood' | 'delivery' | 'taxi' | 'train' | 'fuel'
  | 'parking' | 'shopping' | 'health' | 'leisure' | 'travel';

export interface Text {
  label: string;
  raw: string;
  counterparty?: string;
  remittance?: string[];
}

export interface Bill {
  label: string;
  raw: string;
  /** Creditor name (counterparty). */
  creditor: string;
  dayOfMonth: number;
  /** Months (1–12) it is taken; absent ⇒ every month. */
  months?: number[];
  base: number;
  /** Extra amount in the coldest months (energy). */
  winter?: number;
  jitter?: number;
  /** Absent ⇒ DIRECT_DEBIT. */
  type?: TransactionType;
  category: string;
}

export interface Locale {
  id: 'FR' | 'GB';
  currency: string;
  homeCity: string;
  pools: Record<PoolName, Merchant[]>;
  employers: string[];
  landlords: string[];
  bills: Bill[];
  streaming: Array<Merchant & { dayOfMonth: number }>;
  transitPass?: Merchant & { dayOfMonth: number };
  accountNames: { checkings: string; card: string; savings: string; loan: string; pro: string; many: string };
  savingsType: { type: string; savings_type: string; rate: number };
  card(m: Merchant, day: number, card: string): Text;
  preAuthorization(day: number, card: string): Text;
  atm(day: number, card: string): Text;
  salary(employer: string, monthIndex: number): Text;
  rent(landlord: string, monthIndex: number): Text;
  bankFee(): Text;
  cardFee(year: number): Text;
  incomeTax(): Text;
  healthRefund(): Text;
  check(number: number): Text;
  transferIn(friend: string, reason: string): Text;
  transferOut(friend: string, reason: string): Text;
  toSavings(savingsName: string): { from: Text; to: Text };
  fromSavings(savingsName: string): { from: Text; to: Text };
  settlement(monthIndex: number, card: string): { checking: Text; card: Text };
  loanInstallment(i: number, n: number, loanNo: string): { checking: Text; loan: Text };
  interest(year: number): Text;
  clientPayment(client: string, invoice: string): Text;
  friends: string[];
  friendReasons: string[];
  clients: string[];
  proBills: Bill[];
}

const m = (label: string, raw: string, min: number, max: number, category: string, city?: string): Merchant => ({
  label, raw, min, max, category, city,
});

const monthName = (mi: number): number => mi % 12;

export const FR: Locale = {
  id: 'FR',
  currency: 'EUR',
  homeCity: 'PARIS',
  pools: {
    groceries: [
      m('Carrefour Market', 'CARREFOUR MARKET', 1500, 9500, 'SUPERMARKET'),
      m('Monoprix', 'MONOPRIX', 900, 6500, 'SUPERMARKET'),
      m('Franprix', 'FRANPRIX 5012', 400, 3200, 'SUPERMARKET'),
      m('Carrefour City', 'CARREFOUR CITY', 500, 2800, 'SUPERMARKET'),
      m('Lidl', 'LIDL 1523', 1800, 7500, 'SUPERMARKET', 'MONTREUIL'),
      m('Picard', 'PICARD SURGELES', 1200, 4800, 'SUPERMARKET'),
      m('Naturalia', 'NATURALIA', 800, 3500, 'SUPERMARKET'),
    ],
    bakery: [
      m('Boulangerie du Marché', 'BOULANGERIE DU MARCH', 120, 950, 'BAKERY'),
      m('Maison Kayser', 'MAISON KAYSER', 180, 1200, 'BAKERY'),
      m('Boulangerie Utopie', 'BOULANGERIE UTOPIE', 150, 800, 'BAKERY'),
    ],
    cafe: [
      m('Café de Flore', 'CAFE DE FLORE', 450, 1800, 'CAFE_BAR'),
      m('Starbucks', 'STARBUCKS COFFEE', 380, 950, 'CAFE_BAR'),
      m('Columbus Café', 'COLUMBUS CAFE', 350, 900, 'CAFE_BAR'),
    ],
    restaurant: [
      m('Bistrot Paul Bert', 'BISTROT PAUL BERT', 2200, 6800, 'RESTAURANT'),
      m('Bouillon Chartier', 'BOUILLON CHARTIER', 1400, 3800, 'RESTAURANT'),
      m('Chez Gladines', 'CHEZ GLADINES', 1500, 4200, 'RESTAURANT'),
      m('Big Mamma', 'BIG MAMMA', 1800, 5500, 'RESTAURANT'),
      m('Crêperie Josselin', 'CREPERIE JOSSELIN', 1400, 3600, 'RESTAURANT'),
      m('Pizzeria Popolare', 'PIZZERIA POPOLARE', 1300, 3900, 'RESTAURANT'),
      m('Sushi Shop', 'SUSHI SHOP', 1600, 4200, 'RESTAURANT'),
      m('Wagamama', 'WAGAMAMA', 1500, 4500, 'RESTAURANT'),
      m('Frog & Rosbif Pub', 'FROG AND ROSBIF PUB', 1200, 4800, 'CAFE_BAR'),
    ],
    fastFood: [
      m("McDonald's", 'MCDONALDS', 650, 1900, 'FAST_FOOD'),
      m('Five Guys', 'FIVE GUYS', 1200, 2400, 'FAST_FOOD'),
      m('Pret A Manger', 'PRET A MANGER', 700, 1600, 'FAST_FOOD'),
      m('Burger King', 'BURGER KING', 700, 1800, 'FAST_FOOD'),
    ],
    delivery: [
      m('Deliveroo', 'DELIVEROO', 1800, 4200, 'FOOD_DELIVERY'),
      m('Uber Eats', 'UBER * EATS', 1700, 3900, 'FOOD_DELIVERY'),
    ],
    taxi: [m('Uber', 'UBER * TRIP', 1200, 3500, 'TAXI'), m('G7 Taxi', 'TAXI G7', 1500, 4500, 'TAXI')],
    train: [m('SNCF Connect', 'SNCF CONNECT', 3500, 12000, 'TRAIN'), m('Ouigo', 'OUIGO', 1900, 6900, 'TRAIN')],
    fuel: [
      m('TotalEnergies', 'TOTALENERGIES RELAIS', 4500, 7500, 'FUEL'),
      m('Esso', 'ESSO EXPRESS', 4000, 7000, 'FUEL', 'IVRY SUR SEINE'),
    ],
    parking: [m('Indigo Parking', 'INDIGO PARKING', 300, 1800, 'PARKING_TOLLS'), m('Saemes', 'SAEMES', 400, 2200, 'PARKING_TOLLS')],
    shopping: [
      m('Fnac', 'FNAC', 1500, 12000, 'ELECTRONICS'),
      m('Amazon', 'AMAZON EU SARL', 1200, 9000, 'ONLINE_SHOPPING', 'LUXEMBOURG'),
      m('Decathlon', 'DECATHLON', 1500, 8000, 'SPORT'),
      m('Zara', 'ZARA', 2500, 9000, 'CLOTHING'),
      m('Uniqlo', 'UNIQLO', 1500, 6000, 'CLOTHING'),
      m('Ikea', 'IKEA', 2000, 15000, 'FURNITURE', 'PARIS NORD 2'),
      m('Sephora', 'SEPHORA', 1500, 6500, 'PERSONAL_CARE'),
      m('Leroy Merlin', 'LEROY MERLIN', 1500, 9000, 'HOME_IMPROVEMENT'),
      m('Interflora', 'INTERFLORA', 3000, 6500, 'GIFTS'),
    ],
    health: [
      m('Pharmacie du Marché', 'PHARMACIE DU MARCHE', 450, 3500, 'PHARMACY'),
      m('Dr Martin', 'DR MARTIN', 2600, 3000, 'DOCTOR'),
      m('Krys', 'KRYS', 8000, 25000, 'DOCTOR'),
    ],
    leisure: [
      m('UGC Ciné Cité', 'UGC CINE CITE', 1100, 2400, 'ENTERTAINMENT'),
      m('Pathé', 'PATHE', 1200, 2600, 'ENTERTAINMENT'),
      m("Musée d'Orsay", 'MUSEE D ORSAY', 1600, 3200, 'ENTERTAINMENT'),
      m('Gibert Joseph', 'LIBRAIRIE GIBERT', 900, 4500, 'BOOKS_GAMES'),
    ],
    travel: [
      m('Air France', 'AIR FRANCE', 9000, 35000, 'TRAVEL', 'ROISSY'),
      m('easyJet', 'EASYJET', 4500, 18000, 'TRAVEL', 'LUTON'),
      m('Booking.com', 'BOOKING.COM', 9000, 42000, 'HOTEL', 'AMSTERDAM'),
      m('Airbnb', 'AIRBNB', 12000, 48000, 'HOTEL', 'DUBLIN'),
    ],
  },
  employers: ['ACME SAS', 'DUPONT ET FILS SARL', 'NOVALYS SA', 'GROUPE HORIZON SAS'],
  landlords: ['SCI LES TILLEULS', 'FONCIA PARIS', 'M. BERNARD LEFEBVRE', 'SCI DU PARC'],
  bills: [
    { label: 'EDF', raw: 'PRLV SEPA EDF CLIENTS PARTICULIERS', creditor: 'EDF', dayOfMonth: 10, base: 4200, winter: 4500, jitter: 900, category: 'UTILITIES' },
    { label: 'Engie', raw: 'PRLV SEPA ENGIE', creditor: 'ENGIE', dayOfMonth: 12, base: 1800, winter: 7500, jitter: 600, category: 'UTILITIES' },
    { label: 'Veolia Eau', raw: 'PRLV SEPA VEOLIA EAU', creditor: 'VEOLIA EAU', dayOfMonth: 15, months: [1, 4, 7, 10], base: 6800, jitter: 1500, category: 'UTILITIES' },
    { label: 'Free Mobile', raw: 'PRLV SEPA FREE MOBILE', creditor: 'FREE MOBILE', dayOfMonth: 3, base: 1999, category: 'PHONE_INTERNET' },
    { label: 'Orange', raw: 'PRLV SEPA ORANGE SA', creditor: 'ORANGE SA', dayOfMonth: 8, base: 4299, category: 'PHONE_INTERNET' },
    { label: 'MAIF', raw: 'PRLV SEPA MAIF ASSURANCE HABITATION', creditor: 'MAIF', dayOfMonth: 6, base: 1840, category: 'HOME_INSURANCE' },
    { label: 'Harmonie Mutuelle', raw: 'PRLV SEPA HARMONIE MUTUELLE', creditor: 'HARMONIE MUTUELLE', dayOfMonth: 5, base: 4210, category: 'HEALTH_INSURANCE' },
    { label: 'Basic-Fit', raw: 'PRLV SEPA BASIC FIT FRANCE', creditor: 'BASIC FIT FRANCE', dayOfMonth: 7, base: 2999, category: 'SPORT' },
  ],
  streaming: [
    { ...m('Netflix', 'NETFLIX.COM', 1349, 1349, 'STREAMING', 'AMSTERDAM'), dayOfMonth: 15 },
    { ...m('Spotify', 'SPOTIFY P2F8A1C3', 1112, 1112, 'STREAMING', 'STOCKHOLM'), dayOfMonth: 20 },
  ],
  transitPass: { ...m('RATP Navigo', 'RATP NAVIGO MOIS', 8880, 8880, 'PUBLIC_TRANSPORT'), dayOfMonth: 1 },
  accountNames: {
    checkings: 'Compte Courant',
    card: 'Carte Visa Premier',
    savings: 'Livret A',
    loan: 'Prêt Auto',
    pro: 'Compte Courant Professionnel',
    many: 'Compte',
  },
  savingsType: { type: 'LIVA', savings_type: 'LIQUID', rate: 1.7 },
  card: (mm, day, card) => ({ label: mm.label, raw: `CB ${mm.raw} ${ddmm(day)} ${mm.city ?? 'PARIS'} ${card}`, counterparty: mm.label }),
  preAuthorization: (day, card) => ({
    label: 'TotalEnergies (pré-autorisation)',
    raw: `PRE-AUTORISATION CB TOTALENERGIES ACCESS ${ddmm(day)} PARIS ${card}`,
    counterparty: 'TotalEnergies',
  }),
  atm: (day, card) => ({ label: 'Retrait DAB Paris', raw: `RETRAIT DAB ${ddmm(day)} PARIS 11 ${card}` }),
  salary: (employer, mi) => ({
    label: `Salaire ${MONTHS_FR[monthName(mi)]} – ${employer}`,
    raw: `VIR SEPA RECU /DE ${employer} /MOTIF SALAIRE ${MONTHS_FR_BANK[monthName(mi)]} ${Math.floor(mi / 12)}`,
    counterparty: employer,
    remittance: [`SALAIRE ${MONTHS_FR_BANK[monthName(mi)]} ${Math.floor(mi / 12)}`],
  }),
  rent: (landlord, mi) => ({
    label: `Loyer ${MONTHS_FR[monthName(mi)]} – ${landlord}`,
    raw: `VIR SEPA PERMANENT /A ${landlord} /MOTIF LOYER ${MONTHS_FR_BANK[monthName(mi)]} ${Math.floor(mi / 12)}`,
    counterparty: landlord,
    remittance: [`LOYER ${MONTHS_FR_BANK[monthName(mi)]} ${Math.floor(mi / 12)}`],
  }),
  bankFee: () => ({ label: 'Frais de tenue de compte', raw: 'FRAIS TENUE DE COMPTE' }),
  cardFee: (year) => ({ label: `Cotisation carte Visa Premier ${year}`, raw: `COTISATION CARTE VISA PREMIER ${year}` }),
  incomeTax: () => ({ label: 'Impôt sur le revenu – DGFiP', raw: 'PRLV SEPA DGFIP IMPOT SOLDE IR', counterparty: 'DGFIP' }),
  healthRefund: () => ({
    label: 'Remboursement CPAM Paris',
    raw: 'VIR SEPA RECU /DE CPAM DE PARIS /MOTIF REMBT SOINS',
    counterparty: 'CPAM DE PARIS',
    remittance: ['REMBT SOINS'],
  }),
  check: (n) => ({ label: `Chèque n°${n}`, raw: `CHEQUE ${n}` }),
  transferIn: (friend, reason) => ({
    label: `Virement de ${friend}`,
    raw: `VIR SEPA RECU /DE ${friend.toUpperCase()} /MOTIF ${reason}`,
    counterparty: friend,
    remittance: [reason],
  }),
  transferOut: (friend, reason) => ({
    label: `Virement à ${friend}`,
    raw: `VIR SEPA EMIS /A ${friend.toUpperCase()} /MOTIF ${reason}`,
    counterparty: friend,
    remittance: [reason],
  }),
  toSavings: (name) => ({
    from: { label: `Virement vers ${name}`, raw: `VIR PERMANENT VERS ${name.toUpperCase()}` },
    to: { label: 'Virement depuis Compte Courant', raw: 'VIR PERMANENT DEPUIS COMPTE COURANT' },
  }),
  fromSavings: (name) => ({
    from: { label: 'Virement vers Compte Courant', raw: 'VIR INTERNE VERS COMPTE COURANT' },
    to: { label: `Virement depuis ${name}`, raw: `VIR INTERNE DEPUIS ${name.toUpperCase()}` },
  }),
  settlement: (mi, card) => ({
    checking: {
      label: `Relevé carte Visa – ${MONTHS_FR[monthName(mi)]}`,
      raw: `RELEVE DIFFERE CARTE ${card} ${MONTHS_FR_BANK[monthName(mi)]}`,
    },
    card: { label: `Règlement relevé ${MONTHS_FR[monthName(mi)]}`, raw: `REGLEMENT RELEVE ${MONTHS_FR_BANK[monthName(mi)]} ${Math.floor(mi / 12)}` },
  }),
  loanInstallment: (i, n, loanNo) => ({
    checking: { label: `Échéance prêt auto ${i}/${n}`, raw: `ECHEANCE PRET AUTO N ${loanNo} ${i}/${n}` },
    loan: { label: `Échéance prêt auto ${i}/${n} – capital`, raw: `ECHEANCE PRET ${loanNo} ${i}/${n} AMORTISSEMENT CAPITAL` },
  }),
  interest: (year) => ({ label: `Intérêts ${year}`, raw: `INTERETS CREDITEURS ANNEE ${year}` }),
  clientPayment: (client, invoice) => ({
    label: `Paiement facture ${invoice} – ${client}`,
    raw: `VIR SEPA RECU /DE ${client} /MOTIF FACTURE ${invoice}`,
    counterparty: client,
    remittance: [`FACTURE ${invoice}`],
  }),
  friends: ['Julien Martin', 'Claire Durand', 'Thomas Bernard', 'Sophie Petit', 'Camille Roux'],
  friendReasons: ['PART DINER', 'WEEKEND', 'CADEAU COMMUN', 'COURSES', 'BILLETS CONCERT'],
  clients: ['ATELIER MOREAU SARL', 'BOREAL CONSEIL SAS', 'LYS INDUSTRIES SA', 'CABINET FAURE'],
  proBills: [
    { label: 'URSSAF', raw: 'PRLV SEPA URSSAF ILE DE FRANCE', creditor: 'URSSAF', dayOfMonth: 5, base: 98000, jitter: 30000, category: 'TAXES' },
    { label: 'OVHcloud', raw: 'PRLV SEPA OVH SAS', creditor: 'OVH SAS', dayOfMonth: 2, base: 2399, category: 'SOFTWARE' },
    { label: 'Google Workspace', raw: 'PRLV SEPA GOOGLE WORKSPACE', creditor: 'GOOGLE IRELAND', dayOfMonth: 4, base: 1380, category: 'SOFTWARE' },
    { label: 'Frais tenue de compte pro', raw: 'FRAIS TENUE DE COMPTE PRO', creditor: 'COFFER TEST BANK', dayOfMonth: 1, base: 1200, type: 'BANK_FEE', category: 'BANK_FEES' },
  ],
};

export const GB: Locale = {
  id: 'GB',
  currency: 'GBP',
  homeCity: 'LONDON',
  pools: {
    groceries: [
      m('Tesco', 'TESCO STORES 2965', 1200, 8500, 'SUPERMARKET'),
      m("Sainsbury's", 'SAINSBURYS S/MKTS', 1000, 7500, 'SUPERMARKET'),
      m('Waitrose', 'WAITROSE 712', 1500, 9000, 'SUPERMARKET'),
      m('Co-op', 'CO-OP GROUP 070412', 400, 2500, 'SUPERMARKET'),
      m('M&S Simply Food', 'M&S SIMPLY FOOD', 600, 3200, 'SUPERMARKET'),
      m('Lidl', 'LIDL GB LONDON', 1500, 6000, 'SUPERMARKET'),
    ],
    bakery: [m('Greggs', 'GREGGS', 150, 700, 'BAKERY'), m("Gail's Bakery", 'GAILS BAKERY', 280, 1400, 'BAKERY')],
    cafe: [
      m('Costa Coffee', 'COSTA COFFEE', 280, 850, 'CAFE_BAR'),
      m('Caffè Nero', 'CAFFE NERO', 260, 800, 'CAFE_BAR'),
      m('Starbucks', 'STARBUCKS', 300, 900, 'CAFE_BAR'),
    ],
    restaurant: [
      m('Dishoom', 'DISHOOM', 2200, 6500, 'RESTAURANT'),
      m('Wagamama', 'WAGAMAMA', 1400, 4200, 'RESTAURANT'),
      m('Zizzi', 'ZIZZI', 1600, 4800, 'RESTAURANT'),
      m('Wahaca', 'WAHACA', 1500, 4200, 'RESTAURANT'),
      m('Pizza Express', 'PIZZA EXPRESS', 1500, 4500, 'RESTAURANT'),
      m('Côte Brasserie', 'COTE BRASSERIE', 2500, 6800, 'RESTAURANT'),
      m('Bistrot Vérité', 'BISTROT VERITE', 2800, 7200, 'RESTAURANT'),
    ],
    fastFood: [
      m('Pret A Manger', 'PRET A MANGER', 450, 1300, 'FAST_FOOD'),
      m("Nando's", 'NANDOS', 1100, 2600, 'FAST_FOOD'),
      m('Five Guys', 'FIVE GUYS', 1000, 2200, 'FAST_FOOD'),
      m("McDonald's", 'MCDONALDS', 500, 1500, 'FAST_FOOD'),
    ],
    delivery: [m('Deliveroo', 'DELIVEROO', 1600, 3800, 'FOOD_DELIVERY'), m('Just Eat', 'JUST EAT', 1500, 3500, 'FOOD_DELIVERY')],
    taxi: [m('Uber', 'UBER *TRIP', 900, 3200, 'TAXI'), m('Addison Lee', 'ADDISON LEE', 2000, 5500, 'TAXI')],
    train: [m('Trainline', 'TRAINLINE', 2500, 12000, 'TRAIN'), m('LNER', 'LNER', 3500, 15000, 'TRAIN', 'YORK')],
    fuel: [m('Shell', 'SHELL CAMDEN', 4000, 7500, 'FUEL'), m('BP', 'BP KILBURN', 3800, 7000, 'FUEL')],
    parking: [m('NCP', 'NCP LTD', 500, 2800, 'PARKING_TOLLS')],
    shopping: [
      m('Amazon', 'AMAZON.CO.UK', 900, 8000, 'ONLINE_SHOPPING', 'AMAZON.CO.UK'),
      m('John Lewis', 'JOHN LEWIS', 2500, 15000, 'FURNITURE'),
      m('Currys', 'CURRYS', 2000, 25000, 'ELECTRONICS'),
      m('Primark', 'PRIMARK', 800, 4500, 'CLOTHING'),
      m('Boots', 'BOOTS 1142', 500, 3500, 'PERSONAL_CARE'),
      m('Waterstones', 'WATERSTONES', 800, 3500, 'BOOKS_GAMES'),
    ],
    health: [m('Lloyds Pharmacy', 'LLOYDS PHARMACY', 450, 2500, 'PHARMACY'), m('Specsavers', 'SPECSAVERS', 2500, 18000, 'DOCTOR')],
    leisure: [
      m('Odeon', 'ODEON CINEMAS', 1000, 2800, 'ENTERTAINMENT'),
      m('Vue Cinema', 'VUE CINEMA', 900, 2400, 'ENTERTAINMENT'),
      m('Ticketmaster', 'TICKETMASTER UK', 3500, 9500, 'ENTERTAINMENT'),
    ],
    travel: [
      m('British Airways', 'BRITISH AIRWAYS', 9000, 45000, 'TRAVEL', 'HARMONDSWORTH'),
      m('easyJet', 'EASYJET', 4000, 16000, 'TRAVEL', 'LUTON'),
      m('Premier Inn', 'PREMIER INN', 6500, 18000, 'HOTEL', 'EDINBURGH'),
    ],
  },
  employers: ['ACME LTD', 'BRIGHTWATER PLC', 'NORTHGATE CONSULTING LTD'],
  landlords: ['HARTLEY LETTINGS', 'FOXTONS LTD', 'MR J WHITMORE'],
  bills: [
    { label: 'British Gas', raw: 'DIRECT DEBIT BRITISH GAS', creditor: 'BRITISH GAS', dayOfMonth: 10, base: 5500, winter: 6500, jitter: 900, category: 'UTILITIES' },
    { label: 'Thames Water', raw: 'DIRECT DEBIT THAMES WATER', creditor: 'THAMES WATER', dayOfMonth: 14, base: 3850, category: 'UTILITIES' },
    { label: 'EE', raw: 'DIRECT DEBIT EE LIMITED', creditor: 'EE LIMITED', dayOfMonth: 3, base: 2400, category: 'PHONE_INTERNET' },
    { label: 'Virgin Media', raw: 'DIRECT DEBIT VIRGIN MEDIA', creditor: 'VIRGIN MEDIA', dayOfMonth: 8, base: 4500, category: 'PHONE_INTERNET' },
    { label: 'Council Tax – Camden', raw: 'DIRECT DEBIT LB CAMDEN COUNCIL TAX', creditor: 'LB CAMDEN', dayOfMonth: 1, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], base: 16500, category: 'LOCAL_TAX' },
    { label: 'PureGym', raw: 'DIRECT DEBIT PUREGYM LTD', creditor: 'PUREGYM LTD', dayOfMonth: 7, base: 2499, category: 'SPORT' },
  ],
  streaming: [
    { ...m('Netflix', 'NETFLIX.COM', 1099, 1099, 'STREAMING', 'LOS GATOS'), dayOfMonth: 15 },
    { ...m('Spotify', 'SPOTIFY UK', 1199, 1199, 'STREAMING', 'LONDON'), dayOfMonth: 20 },
  ],
  transitPass: { ...m('TfL Travel', 'TFL TRAVEL CH', 16720, 16720, 'PUBLIC_TRANSPORT', 'TFL.GOV.UK/CP'), dayOfMonth: 1 },
  accountNames: {
    checkings: 'Current Account',
    card: 'Credit Card',
    savings: 'Cash ISA',
    loan: 'Car Loan',
    pro: 'Business Current Account',
    many: 'Account',
  },
  savingsType: { type: 'OTHER', savings_type: 'LIQUID', rate: 3.75 },
  card: (mm, day, card) => ({ label: mm.label, raw: `CARD PAYMENT TO ${mm.raw} ${mm.city ?? 'LONDON'} ON ${ddMon(day)} ${card}`, counterparty: mm.label }),
  preAuthorization: (day, card) => ({
    label: 'Shell (pre-authorisation)',
    raw: `PRE-AUTH SHELL CAMDEN ${ddMon(day)} ${card}`,
    counterparty: 'Shell',
  }),
  atm: (day, card) => ({ label: 'Cash withdrawal London', raw: `CASH WITHDRAWAL LINK ATM LONDON ON ${ddMon(day)} ${card}` }),
  salary: (employer, mi) => ({
    label: `Salary ${MONTHS_EN[monthName(mi)]} – ${employer}`,
    raw: `FASTER PAYMENT RECEIVED FROM ${employer} REF SALARY ${MONTHS_EN_SHORT[monthName(mi)]} ${Math.floor(mi / 12)}`,
    counterparty: employer,
    remittance: [`SALARY ${MONTHS_EN_SHORT[monthName(mi)]} ${Math.floor(mi / 12)}`],
  }),
  rent: (landlord, mi) => ({
    label: `Rent ${MONTHS_EN[monthName(mi)]} – ${landlord}`,
    raw: `STANDING ORDER TO ${landlord} REF RENT ${MONTHS_EN_SHORT[monthName(mi)]}`,
    counterparty: landlord,
    remittance: [`RENT ${MONTHS_EN_SHORT[monthName(mi)]}`],
  }),
  bankFee: () => ({ label: 'Monthly account fee', raw: 'MONTHLY ACCOUNT FEE' }),
  cardFee: (year) => ({ label: `Annual card fee ${year}`, raw: `ANNUAL CARD FEE ${year}` }),
  incomeTax: () => ({ label: 'HMRC Self Assessment', raw: 'DIRECT DEBIT HMRC SELF ASSESSMENT', counterparty: 'HMRC' }),
  healthRefund: () => ({
    label: 'Refund – Boots',
    raw: 'REFUND FROM BOOTS 1142 LONDON',
    counterparty: 'Boots',
  }),
  check: (n) => ({ label: `Cheque ${n}`, raw: `CHEQUE ${n}` }),
  transferIn: (friend, reason) => ({
    label: `Transfer from ${friend}`,
    raw: `FASTER PAYMENT RECEIVED FROM ${friend.toUpperCase()} REF ${reason}`,
    counterparty: friend,
    remittance: [reason],
  }),
  transferOut: (friend, reason) => ({
    label: `Transfer to ${friend}`,
    raw: `FASTER PAYMENT TO ${friend.toUpperCase()} REF ${reason}`,
    counterparty: friend,
    remittance: [reason],
  }),
  toSavings: (name) => ({
    from: { label: `Transfer to ${name}`, raw: `TRANSFER TO ${name.toUpperCase()}` },
    to: { label: 'Transfer from Current Account', raw: 'TRANSFER FROM CURRENT ACCOUNT' },
  }),
  fromSavings: (name) => ({
    from: { label: 'Transfer to Current Account', raw: 'TRANSFER TO CURRENT ACCOUNT' },
    to: { label: `Transfer from ${name}`, raw: `TRANSFER FROM ${name.toUpperCase()}` },
  }),
  settlement: (mi, card) => ({
    checking: { label: `Credit card payment – ${MONTHS_EN[monthName(mi)]}`, raw: `CREDIT CARD PAYMENT ${card} ${MONTHS_EN_SHORT[monthName(mi)]}` },
    card: { label: 'Payment received – thank you', raw: `PAYMENT RECEIVED THANK YOU ${MONTHS_EN_SHORT[monthName(mi)]}` },
  }),
  loanInstallment: (i, n, loanNo) => ({
    checking: { label: `Car loan repayment ${i}/${n}`, raw: `LOAN REPAYMENT ${loanNo} ${i}/${n}` },
    loan: { label: `Car loan repayment ${i}/${n} – capital`, raw: `LOAN REPAYMENT RECEIVED ${loanNo} ${i}/${n} CAPITAL` },
  }),
  interest: (year) => ({ label: `Interest ${year}`, raw: `INTEREST PAID ${year}` }),
  clientPayment: (client, invoice) => ({
    label: `Invoice ${invoice} – ${client}`,
    raw: `BANK GIRO CREDIT FROM ${client} REF INV ${invoice}`,
    counterparty: client,
    remittance: [`INV ${invoice}`],
  }),
  friends: ['Oliver Smith', 'Amelia Jones', 'Harry Taylor', 'Isla Brown'],
  friendReasons: ['DINNER', 'WEEKEND', 'BIRTHDAY GIFT', 'TICKETS'],
  clients: ['HARGREAVES DESIGN LTD', 'PENNINE SYSTEMS LTD', 'WREN & CO'],
  proBills: [
    { label: 'HMRC VAT', raw: 'DIRECT DEBIT HMRC VAT', creditor: 'HMRC', dayOfMonth: 7, months: [1, 4, 7, 10], base: 120000, jitter: 40000, category: 'INCOME_TAX' },
    { label: 'Google Workspace', raw: 'DIRECT DEBIT GOOGLE WORKSPACE', creditor: 'GOOGLE IRELAND', dayOfMonth: 4, base: 1150, category: 'SOFTWARE' },
    { label: 'Business account fee', raw: 'BUSINESS ACCOUNT FEE', creditor: 'COFFER TEST BANK', dayOfMonth: 1, base: 850, type: 'BANK_FEE', category: 'BANK_FEES' },
  ],
};
