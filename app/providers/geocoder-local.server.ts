// Approximate geographic centres of the French departments, keyed by department code.
// Enough to place every event on the map offline; the organiser can refine the position.
const CENTROIDS: Record<string, [number, number, string]> = {
  "01": [46.07, 5.35, "Ain"], "02": [49.56, 3.56, "Aisne"], "03": [46.39, 3.19, "Allier"],
  "04": [44.1, 6.24, "Alpes-de-Haute-Provence"], "05": [44.66, 6.27, "Hautes-Alpes"], "06": [43.94, 7.12, "Alpes-Maritimes"],
  "07": [44.75, 4.42, "Ardèche"], "08": [49.62, 4.64, "Ardennes"], "09": [42.92, 1.5, "Ariège"], "10": [48.3, 4.16, "Aube"],
  "11": [43.1, 2.41, "Aude"], "12": [44.28, 2.68, "Aveyron"], "13": [43.54, 5.09, "Bouches-du-Rhône"], "14": [49.1, -0.36, "Calvados"],
  "15": [45.05, 2.67, "Cantal"], "16": [45.72, 0.2, "Charente"], "17": [45.78, -0.67, "Charente-Maritime"], "18": [47.06, 2.49, "Cher"],
  "19": [45.36, 1.88, "Corrèze"], "2A": [41.86, 8.98, "Corse-du-Sud"], "2B": [42.39, 9.21, "Haute-Corse"],
  "21": [47.42, 4.77, "Côte-d'Or"], "22": [48.44, -2.86, "Côtes-d'Armor"], "23": [46.09, 2.02, "Creuse"], "24": [45.1, 0.74, "Dordogne"],
  "25": [47.17, 6.36, "Doubs"], "26": [44.69, 5.17, "Drôme"], "27": [49.11, 1.03, "Eure"], "28": [48.39, 1.37, "Eure-et-Loir"],
  "29": [48.26, -4.06, "Finistère"], "30": [43.99, 4.18, "Gard"], "31": [43.36, 1.17, "Haute-Garonne"], "32": [43.69, 0.45, "Gers"],
  "33": [44.83, -0.57, "Gironde"], "34": [43.58, 3.37, "Hérault"], "35": [48.15, -1.64, "Ille-et-Vilaine"], "36": [46.78, 1.58, "Indre"],
  "37": [47.26, 0.69, "Indre-et-Loire"], "38": [45.26, 5.58, "Isère"], "39": [46.73, 5.7, "Jura"], "40": [43.97, -0.78, "Landes"],
  "41": [47.62, 1.43, "Loir-et-Cher"], "42": [45.73, 4.17, "Loire"], "43": [45.13, 3.81, "Haute-Loire"], "44": [47.35, -1.68, "Loire-Atlantique"],
  "45": [47.91, 2.34, "Loiret"], "46": [44.62, 1.6, "Lot"], "47": [44.37, 0.46, "Lot-et-Garonne"], "48": [44.52, 3.5, "Lozère"],
  "49": [47.39, -0.56, "Maine-et-Loire"], "50": [49.08, -1.33, "Manche"], "51": [48.95, 4.24, "Marne"], "52": [48.11, 5.23, "Haute-Marne"],
  "53": [48.15, -0.66, "Mayenne"], "54": [48.79, 6.16, "Meurthe-et-Moselle"], "55": [49.01, 5.38, "Meuse"], "56": [47.85, -2.81, "Morbihan"],
  "57": [49.04, 6.66, "Moselle"], "58": [47.12, 3.5, "Nièvre"], "59": [50.45, 3.22, "Nord"], "60": [49.41, 2.43, "Oise"],
  "61": [48.58, 0.13, "Orne"], "62": [50.49, 2.29, "Pas-de-Calais"], "63": [45.73, 3.14, "Puy-de-Dôme"], "64": [43.26, -0.76, "Pyrénées-Atlantiques"],
  "65": [43.05, 0.16, "Hautes-Pyrénées"], "66": [42.6, 2.52, "Pyrénées-Orientales"], "67": [48.67, 7.55, "Bas-Rhin"], "68": [47.86, 7.27, "Haut-Rhin"],
  "69": [45.87, 4.64, "Rhône"], "70": [47.64, 6.09, "Haute-Saône"], "71": [46.64, 4.54, "Saône-et-Loire"], "72": [47.99, 0.22, "Sarthe"],
  "73": [45.48, 6.44, "Savoie"], "74": [46.03, 6.43, "Haute-Savoie"], "75": [48.857, 2.347, "Paris"], "76": [49.66, 0.94, "Seine-Maritime"],
  "77": [48.62, 2.93, "Seine-et-Marne"], "78": [48.81, 1.84, "Yvelines"], "79": [46.56, -0.32, "Deux-Sèvres"], "80": [49.96, 2.28, "Somme"],
  "81": [43.79, 2.16, "Tarn"], "82": [44.08, 1.28, "Tarn-et-Garonne"], "83": [43.46, 6.22, "Var"], "84": [44.0, 5.18, "Vaucluse"],
  "85": [46.67, -1.3, "Vendée"], "86": [46.56, 0.46, "Vienne"], "87": [45.89, 1.23, "Haute-Vienne"], "88": [48.19, 6.38, "Vosges"],
  "89": [47.84, 3.56, "Yonne"], "90": [47.63, 6.93, "Territoire de Belfort"], "91": [48.52, 2.24, "Essonne"], "92": [48.85, 2.25, "Hauts-de-Seine"],
  "93": [48.92, 2.48, "Seine-Saint-Denis"], "94": [48.78, 2.47, "Val-de-Marne"], "95": [49.08, 2.13, "Val-d'Oise"],
  "971": [16.2, -61.55, "Guadeloupe"], "972": [14.65, -61.02, "Martinique"], "973": [3.93, -53.13, "Guyane"],
  "974": [-21.13, 55.53, "La Réunion"], "975": [46.88, -56.32, "Saint-Pierre-et-Miquelon"], "976": [-12.82, 45.15, "Mayotte"],
};

/** The department code of a French postal code: "74400" -> "74", "20000" -> "2A", "20200" -> "2B", "97400" -> "974". */
export function departmentCode(codePostal: string): string | null {
  const cp = codePostal.trim();
  if (!/^\d{5}$/.test(cp)) return null;
  if (cp.startsWith("97")) return cp.slice(0, 3);
  if (cp.startsWith("20")) return Number(cp) < 20200 ? "2A" : "2B";
  return cp.slice(0, 2);
}

export function departmentCentroid(codePostal: string): { code: string; nom: string; lat: number; lng: number } | null {
  const code = departmentCode(codePostal);
  const c = code ? CENTROIDS[code] : undefined;
  return c && code ? { code, nom: c[2], lat: c[0], lng: c[1] } : null;
}

export const DEPARTMENT_CODES = Object.keys(CENTROIDS);
