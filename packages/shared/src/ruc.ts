// Ecuador's RUC (Registro Único de Contribuyentes), as the SRI issues it: 13 digits whose first two
// name the province that registered it, whose third says who holds it, and whose check digit follows
// from the digits before it. One rule for the form of a company and the API that stores it (issue 33).
//
//   holder             third digit   check digit            number                   establishment
//   natural person     0-5           10th, modulo 10        the cédula (10 digits)   001 or later (last 3)
//   public entity      6             9th, modulo 11         8 digits + check         0001 or later (last 4)
//   private company    9             10th, modulo 11        9 digits + check         001 or later (last 3)
//
// Modulo 10 (the cédula's): each of the first 9 digits times 2, 1, 2, 1…, a product over 9 less 9,
// summed; the check digit takes the sum up to the next ten (0 when it is a ten already). Modulo 11:
// each digit times its coefficient, summed; the check digit is 11 less the remainder by 11, 0 when
// that is 11; a remainder of 1 (a check digit of 10) gives no valid number.

export type RucHolder = "natural" | "public" | "private";

/** Why a RUC cannot be one, in words for the person who typed it; null when it is valid. */
export type RucProblem = string | null;

/** Provinces 01-24, and 30 for Ecuadorians registered abroad. */
const isProvince = (code: number) => (code >= 1 && code <= 24) || code === 30;

const MODULO_11 = {
  public: { coefficients: [3, 2, 7, 6, 5, 4, 3, 2], checkAt: 8 },
  private: { coefficients: [4, 3, 2, 7, 6, 5, 4, 3, 2], checkAt: 9 },
} as const;

/** Who holds a RUC, from its third digit; undefined for 7 and 8, which no holder has. */
export function rucHolder(ruc: string): RucHolder | undefined {
  const third = Number(ruc[2]);
  if (third <= 5) return "natural";
  if (third === 6) return "public";
  if (third === 9) return "private";
  return undefined;
}

function modulo10CheckDigit(digits: number[]) {
  const sum = digits.slice(0, 9).reduce((total, digit, index) => {
    const product = digit * (index % 2 === 0 ? 2 : 1);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  return (10 - (sum % 10)) % 10;
}

function modulo11CheckDigit(digits: number[], coefficients: readonly number[]) {
  const sum = coefficients.reduce((total, coefficient, index) => total + coefficient * (digits[index] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 11 ? 0 : check;
}

/** The RUC's problem, or null: the message names what is wrong, so it can be fixed. */
export function rucProblem(value: string): RucProblem {
  const ruc = value.trim();
  if (!/^\d{13}$/.test(ruc)) return "El RUC tiene 13 dígitos, sin espacios ni guiones.";
  const digits = [...ruc].map(Number);
  if (!isProvince(Number(ruc.slice(0, 2)))) {
    return "Los dos primeros dígitos del RUC son la provincia: de 01 a 24, o 30.";
  }
  const holder = rucHolder(ruc);
  if (!holder) return "El tercer dígito del RUC no corresponde a ningún contribuyente (0 a 6, o 9).";
  if (holder === "natural") {
    if (modulo10CheckDigit(digits) !== digits[9]) return "El RUC no es válido: su dígito verificador no coincide.";
    return Number(ruc.slice(10)) === 0
      ? "El RUC de una persona natural termina en 001 o un establecimiento posterior."
      : null;
  }
  const { coefficients, checkAt } = MODULO_11[holder];
  if (modulo11CheckDigit(digits, coefficients) !== digits[checkAt]) {
    return "El RUC no es válido: su dígito verificador no coincide.";
  }
  const establishment = Number(ruc.slice(checkAt + 1));
  if (establishment === 0) {
    return holder === "public"
      ? "El RUC de una entidad pública termina en 0001 o un establecimiento posterior."
      : "El RUC de una sociedad termina en 001 o un establecimiento posterior.";
  }
  return null;
}

export const isValidRuc = (value: string) => rucProblem(value) === null;
