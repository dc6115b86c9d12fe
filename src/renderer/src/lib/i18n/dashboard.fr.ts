import type { dashEn } from './dashboard.en';

/** Messages du tableau de bord, de ses graphiques et de la page d’un compte (issue 15) ; repris dans fr.ts. */
export const dashFr: Record<keyof typeof dashEn, string> = {
  'dashboard.period': 'Période',
  'dashboard.period.1M': '1 M',
  'dashboard.period.3M': '3 M',
  'dashboard.period.1Y': '1 A',
  'dashboard.period.ALL': 'Tout',
  'dashboard.period.CUSTOM': 'Personnalisée',
  'dashboard.period.1M.long': 'Le dernier mois',
  'dashboard.period.3M.long': 'Les 3 derniers mois',
  'dashboard.period.1Y.long': 'Les 12 derniers mois',
  'dashboard.period.ALL.long': 'Tout votre historique',
  'dashboard.period.CUSTOM.long': 'Les jours de votre choix',
  'dashboard.period.from': 'Du',
  'dashboard.period.to': 'Au',
  'dashboard.balanceHint':
    'Reconstitué à partir de vos opérations, sur les comptes comptés dans votre patrimoine. Cliquez sur le graphique pour voir les opérations derrière un point.',
  'dashboard.spendingHintClick':
    'Principales catégories, hors virements. Cliquez sur une barre ou une catégorie pour voir ses opérations.',
  'dashboard.chartKeys': 'Les flèches parcourent le graphique, Entrée ouvre les opérations',
  'dashboard.chartSegment': '{month} · {category} : {amount}',
  'dashboard.chartOpen': 'Entrée : voir les opérations',
  'dashboard.openPeriod': 'Voir les opérations de cette période',
  'dashboard.notCounted': 'Non comptés : {list}.',
  'dashboard.notCountedSee': 'Les voir',
  'dashboard.notCounted.PENDING_CONSENT.one': '{count} en attente de votre consentement',
  'dashboard.notCounted.PENDING_CONSENT.other': '{count} en attente de votre consentement',
  'dashboard.notCounted.NOT_SHARED.one': '{count} non partagé par vous',
  'dashboard.notCounted.NOT_SHARED.other': '{count} non partagés par vous',
  'dashboard.notCounted.SUSPENDED.one': '{count} compte professionnel à valider',
  'dashboard.notCounted.SUSPENDED.other': '{count} comptes professionnels à valider',
  'dashboard.notCounted.HIDDEN.one': '{count} masqué par vous',
  'dashboard.notCounted.HIDDEN.other': '{count} masqués par vous',
  'dashboard.notCounted.CLOSED.one': '{count} clôturé',
  'dashboard.notCounted.CLOSED.other': '{count} clôturés',
  'dashboard.notCounted.NOT_FOUND.one': '{count} introuvable à la banque',
  'dashboard.notCounted.NOT_FOUND.other': '{count} introuvables à la banque',
  'dashboard.notCounted.UNAVAILABLE.one': '{count} indisponible',
  'dashboard.notCounted.UNAVAILABLE.other': '{count} indisponibles',
  'dashboard.notCounted.OTHER.one': '{count} dans un autre état',
  'dashboard.notCounted.OTHER.other': '{count} dans un autre état',
  'dashboard.notInTotals': 'Hors de vos totaux',
  'dashboard.notInTotalsHint':
    'Ces comptes ne sont pas comptés dans votre patrimoine ni dans les graphiques. Ouvrez-en un pour savoir pourquoi et que faire.',
  'dashboard.hiddenBadge': 'Masqué des totaux',

  'account.closeTitle': 'Clôturer « {name} » ?',
  'account.closeText':
    'La clôture archive le compte : il n’est plus synchronisé, son solde s’affiche à 0 et il n’est plus compté dans vos totaux. Ses opérations et l’historique de son solde jusqu’à aujourd’hui restent tels quels.',
  'account.closeReopen': 'Vous pourrez le rouvrir à tout moment ; une synchronisation le remettra alors à jour.',
  'account.closedOn': 'Clôturé le {date} ; son solde était de {amount} ce jour-là.',
  'account.hideFromTotals': 'Masquer des totaux',
  'account.hideFromTotalsHint':
    'Le compte reste synchronisé et ses opérations restent dans l’historique ; il n’est plus compté dans votre patrimoine ni dans les graphiques.',
  'account.hidden': 'Masqué de vos totaux',
  'account.shown': 'De nouveau compté dans vos totaux',
  'account.notCounted.PENDING_CONSENT':
    'Non compté dans vos totaux : ce compte attend votre consentement. Choisissez les comptes à partager depuis sa connexion.',
  'account.notCounted.NOT_SHARED':
    'Non compté dans vos totaux : vous avez choisi de ne pas partager ce compte. Cochez-le depuis sa connexion pour le partager.',
  'account.notCounted.SUSPENDED':
    'Non compté dans vos totaux : ce compte professionnel attend que vous le validiez depuis sa connexion.',
  'account.notCounted.HIDDEN':
    'Non compté dans vos totaux : vous l’avez masqué. Décochez « Masquer des totaux » pour le compter de nouveau.',
  'account.notCounted.CLOSED':
    'Non compté dans vos totaux : le compte est clôturé. Rouvrez-le pour le compter et le synchroniser de nouveau.',
  'account.notCounted.NOT_FOUND':
    'Non compté dans vos totaux : la banque ne liste plus ce compte. S’il existe encore, synchronisez de nouveau sa connexion ; sinon clôturez-le ou supprimez-le.',
  'account.notCounted.UNAVAILABLE':
    'Non compté dans vos totaux : ce compte ne peut plus être lu par ce moyen. Ajoutez de nouveau sa banque par la connexion sécurisée.',
  'account.notCounted.OTHER': 'Non compté dans vos totaux : le compte est dans un état que Coffer ne connaît pas.',
  'account.openConnection': 'Ouvrir la connexion',
};
