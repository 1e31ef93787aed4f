import { INVITATION_DAYS } from '@vigil/shared';

/** The invitation mail, in the inviter's language (the invitee's is not known yet). */
export function invitationMail(m: {
  language: string;
  workspaceName: string;
  inviterName: string;
  role: string;
  link: string;
}): { subject: string; text: string } {
  if (m.language === 'fr') {
    const roles: Record<string, string> = { manager: 'responsable', operator: 'opérateur', viewer: 'observateur' };
    return {
      subject: `${m.inviterName} vous invite dans « ${m.workspaceName} » sur Vigil`,
      text: `Bonjour,\n\n${m.inviterName} vous invite à rejoindre l'espace « ${m.workspaceName} » sur Vigil en tant que ${roles[m.role] ?? m.role}.\n\nPour accepter, ouvrez ce lien dans les ${INVITATION_DAYS} jours (il ne sert qu'une fois) :\n\n${m.link}\n\nSi vous n'attendiez pas cette invitation, ignorez ce message.\n`,
    };
  }
  return {
    subject: `${m.inviterName} invited you to "${m.workspaceName}" on Vigil`,
    text: `Hello,\n\n${m.inviterName} invited you to join the workspace "${m.workspaceName}" on Vigil as ${m.role === 'operator' ? 'an operator' : `a ${m.role}`}.\n\nTo accept, open this link within ${INVITATION_DAYS} days (it works once):\n\n${m.link}\n\nIf you did not expect this invitation, ignore this email.\n`,
  };
}
