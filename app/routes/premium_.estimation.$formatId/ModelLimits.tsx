// "Le modèle et ses limites": what the estimate computes and what it cannot know (decision 0225).
export function ModelLimits() {
  return (
    <section className="race-model" aria-labelledby="modele">
      <h2 id="modele">Le modèle et ses limites</h2>
      <p>
        Le parcours est découpé en tronçons à partir de la trace GPX. Chaque tronçon est pondéré par le coût énergétique
        de la course en pente mesuré par Minetti et al. (2002, Journal of Applied Physiology), valable de -45&nbsp;% à
        +45&nbsp;%&nbsp;; en descente, le gain est plafonné (on ne descend pas plus vite que 75&nbsp;% du temps à plat,
        la technique limite plus que l'énergie). Votre indice ITRA ou UTMB (1000 = niveau mondial) donne le temps
        central&nbsp;: l'indice compare un temps au temps de référence de la course. La fatigue des longues distances
        suit une loi de puissance de Riegel (1981), avec un exposant plus fort au-delà de l'effort d'un marathon, ajusté
        sur des résultats publiés de l'élite du trail. Un temps de course récent est converti en indice de la même
        façon, à partir de sa distance et de son dénivelé&nbsp;; un de vos résultats sur Balise aussi (la distance et le
        D+ annoncés par l'organisateur), ou une de vos sorties importées (sa distance, son D+ et son temps en mouvement,
        sans les pauses).
      </p>
      <p>
        Limites&nbsp;: le modèle ne connaît ni la technicité du terrain, ni la météo, ni la nuit, ni l'altitude, ni vos
        arrêts aux ravitaillements&nbsp;; un indice ancien ou obtenu sur un autre type de course (route, très court,
        très long) trompe l'estimation, et une sortie d'entraînement courue sans forcer la rend prudente. La fourchette
        (environ -6&nbsp;% à +8&nbsp;% et plus sur les longues courses) dit un bon et un mauvais jour, pas une garantie.
        Les heures aux ravitaillements supposent un effort régulier.
      </p>
    </section>
  );
}
