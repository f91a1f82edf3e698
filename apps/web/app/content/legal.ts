import { PRIVACY_NOTICE_VERSION } from "@app/shared/constants";
import { site } from "./site";

export type LegalSection = { title: string; paragraphs: string[] };

export const PRIVACY_TITLE = "Aviso de privacidad";

/** The privacy notice, naming the supplier's address as published in `Datos de contacto`. */
export const privacyNotice = (address: string) => ({
  title: PRIVACY_TITLE,
  version: PRIVACY_NOTICE_VERSION,
  intro: `Este aviso explica cómo ${site.legalName} trata los datos personales que usted nos entrega a través de este sitio, conforme a la Ley Orgánica de Protección de Datos Personales del Ecuador (LOPDP, 2021).`,
  sections: [
    {
      title: "Responsable del tratamiento",
      paragraphs: [
        `${site.legalName}, con domicilio en ${address}. Puede escribirnos a ${site.privacyEmail} para cualquier asunto relacionado con sus datos.`,
      ],
    },
    {
      title: "Qué datos tratamos",
      paragraphs: [
        "Los que usted escribe en el formulario de contacto: nombre, apellido, correo electrónico, teléfono con su código de país, empresa, los productos o servicios que le interesan y su mensaje. También la fecha de la solicitud, la página desde la que la envió y cómo llegó a nuestro sitio (el sitio o la campaña que le trajo), y su consentimiento con la versión de este aviso que aceptó.",
        "Para proteger el formulario de envíos automáticos guardamos además la dirección IP y el navegador desde los que se envió la solicitud.",
      ],
    },
    {
      title: "Para qué los usamos",
      paragraphs: [
        "Para responder su solicitud, preparar una cotización o una asesoría técnica y darle seguimiento comercial. Al recibirla le enviamos un correo de confirmación. No tomamos decisiones automatizadas sobre usted ni elaboramos perfiles.",
        "La base legal es su consentimiento, que usted otorga al marcar la casilla del formulario y que puede retirar en cualquier momento.",
      ],
    },
    {
      title: "Quién los recibe",
      paragraphs: [
        "Solo el personal comercial y técnico de la empresa. Los datos se alojan en servidores contratados por nosotros y el correo se envía a través de nuestro proveedor de correo electrónico, ambos obligados a la confidencialidad. No vendemos ni cedemos sus datos a terceros.",
      ],
    },
    {
      title: "Cuánto tiempo los conservamos",
      paragraphs: [
        "Mientras exista una relación comercial y hasta dos años después de su último contacto con nosotros. Después los eliminamos o los anonimizamos.",
      ],
    },
    {
      title: "Sus derechos",
      paragraphs: [
        "Usted puede pedir el acceso a sus datos, su rectificación o actualización, su eliminación, la oposición o la suspensión del tratamiento y la portabilidad de sus datos, así como retirar su consentimiento.",
        `Para ejercerlos escriba a ${site.privacyEmail} indicando su nombre y el derecho que desea ejercer. Le responderemos en un plazo máximo de quince días. Si no está conforme con la respuesta, puede acudir a la Superintendencia de Protección de Datos Personales.`,
      ],
    },
  ] satisfies LegalSection[],
});

export const termsOfUse = {
  title: "Términos y condiciones",
  intro: `Estas condiciones regulan el uso del sitio web de ${site.legalName}. Al navegarlo usted las acepta.`,
  sections: [
    {
      title: "Contenido del sitio",
      paragraphs: [
        "La información sobre productos y servicios es orientativa. Las dosis, las presentaciones y la disponibilidad se confirman en cada cotización y en la etiqueta de cada producto, que prevalece siempre.",
      ],
    },
    {
      title: "Uso de los productos",
      paragraphs: [
        "Los productos para protección de cultivos deben usarse según su etiqueta y su hoja de seguridad, con el equipo de protección indicado, y respetando la normativa de Agrocalidad.",
      ],
    },
    {
      title: "Propiedad intelectual",
      paragraphs: [
        "Las marcas Chrysal y sus productos pertenecen a sus titulares. Los textos, las imágenes y los videos de este sitio no pueden reproducirse sin autorización.",
      ],
    },
    {
      title: "Solicitudes de contacto",
      paragraphs: [
        "Enviar una solicitud no genera una obligación de compra. Sus datos se tratan según nuestro aviso de privacidad.",
      ],
    },
    {
      title: "Ley aplicable",
      paragraphs: ["Estas condiciones se rigen por las leyes de la República del Ecuador."],
    },
  ] satisfies LegalSection[],
};
