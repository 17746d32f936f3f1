// The texts of the reset page, in every language of the tutor (en, fr, nl).
// {n}, {files} are filled in by reset.js.
window.RESET_TEXTS = {
  en: {
    title: "Put chapters back as they were shipped",
    intro: "The tutor in this site keeps your changes to a chapter (your moves, your answers, " +
      "the outputs) in this browser. Here you can put a chapter back to the version the site " +
      "ships; the files you made yourself are not touched.",
    close: "First close the tutor's tabs (JupyterLab), or it may save your copy again.",
    loading: "Looking for your copies in this browser…",
    none: "You have no changed copy of a chapter in this browser: every chapter opens as shipped.",
    changed: "Your changed copies",
    all: "all of them",
    button: "Put back the shipped version",
    done: "Done: {n} chapter(s) put back. They open as shipped the next time.",
    own: "Files you made yourself (kept): {files}",
    error: "Your copies could not be read in this browser: {error}",
    saved: "saved",
    back: "Back to the tutor",
  },
  fr: {
    title: "Remettre des chapitres dans leur version d'origine",
    intro: "Le tuteur de ce site garde vos changements d'un chapitre (vos coups, vos réponses, " +
      "les résultats) dans ce navigateur. Ici, vous pouvez remettre un chapitre dans la version " +
      "livrée par le site ; les fichiers que vous avez créés vous-même ne sont pas touchés.",
    close: "Fermez d'abord les onglets du tuteur (JupyterLab), sinon il pourrait enregistrer " +
      "votre copie à nouveau.",
    loading: "Recherche de vos copies dans ce navigateur…",
    none: "Vous n'avez aucune copie modifiée d'un chapitre dans ce navigateur : chaque chapitre " +
      "s'ouvre dans sa version d'origine.",
    changed: "Vos copies modifiées",
    all: "toutes",
    button: "Remettre la version d'origine",
    done: "C'est fait : {n} chapitre(s) remis. Ils s'ouvriront dans leur version d'origine.",
    own: "Fichiers créés par vous (conservés) : {files}",
    error: "Vos copies n'ont pas pu être lues dans ce navigateur : {error}",
    saved: "enregistré",
    back: "Retour au tuteur",
  },
  nl: {
    title: "Hoofdstukken terugzetten zoals ze geleverd zijn",
    intro: "De tutor op deze site bewaart je wijzigingen in een hoofdstuk (je zetten, je " +
      "antwoorden, de uitvoer) in deze browser. Hier zet je een hoofdstuk terug naar de versie " +
      "die de site levert; bestanden die je zelf gemaakt hebt, blijven ongemoeid.",
    close: "Sluit eerst de tabbladen van de tutor (JupyterLab), anders bewaart hij je kopie " +
      "misschien opnieuw.",
    loading: "Je kopieën in deze browser worden gezocht…",
    none: "Je hebt in deze browser geen gewijzigde kopie van een hoofdstuk: elk hoofdstuk opent " +
      "zoals het geleverd is.",
    changed: "Je gewijzigde kopieën",
    all: "allemaal",
    button: "Zet de geleverde versie terug",
    done: "Klaar: {n} hoofdstuk(ken) teruggezet. Ze openen voortaan zoals ze geleverd zijn.",
    own: "Bestanden die je zelf maakte (bewaard): {files}",
    error: "Je kopieën konden in deze browser niet gelezen worden: {error}",
    saved: "bewaard",
    back: "Terug naar de tutor",
  },
};
