import pytest

from prism_translate.engine.recognisers import office_words
from prism_translate.languages import LEXICONS


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Best,\nDaniel Ross\nProject Manager", {"Project", "Manager"}),
    ("en", "Please ask the IT Manager and the HR team.", {"IT", "Manager", "HR"}),
    ("en", "We will invite you to meet our Health and Safety Officer.", {"Health", "and", "Safety", "Officer"}),
    ("es", "Atentamente,\nServicio de Atención al Cliente", {"Servicio", "de", "Atención", "al", "Cliente"}),
    ("es", "El IVA está incluido.", {"IVA"}),
    ("fr", "Cordialement,\nCamille\nChargée d'Accueil", {"Chargée", "d'", "Accueil"}),
    ("ca", "Gràcies,\nRecursos Humans", {"Recursos", "Humans"}),
    # a role word opening a sentence, with no article (role_words.txt)
    ("en", "Caretaker will put cones at the entrance.", {"Caretaker"}),
    ("es", "Conserje pondrá conos en la entrada.", {"Conserje"}),
    ("fr", "Gardien posera des cônes à l'entrée.", {"Gardien"}),
    ("ca", "Conserge posarà cons a l'entrada.", {"Conserge"}),
])
def test_a_title_department_or_acronym_is_a_word(recognised, lang, text, words):
    found = recognised(office_words.ordinary, text, lang)
    assert set(found) == words and set(found.values()) == {""}


@pytest.mark.parametrize("lang,text", [
    # a name made partly of such words stays for the other recognisers to read
    ("en", "Kind regards,\nBrightwell Partners"),
    ("en", "The City Council IT Services team"),
    ("es", "Banco Sabadell, Oficina Central"),
    # a census name that is also a title ("Head", "Sales") counts only in capitals
    ("en", "Please call Mr Head tomorrow."),
])
def test_a_run_with_another_word_is_left_to_the_name_recognisers(recognised, lang, text):
    found = recognised(office_words.ordinary, text, lang)
    assert not {"Brightwell", "Partners", "City", "Council", "Sabadell", "Head"} & set(found)


# A run with one listed word whose other words the dictionary knows only as common words is a title
# where it is used as one (office_words.py); the unlisted words here are in no list.
@pytest.mark.parametrize("lang,text,words", [
    # a line of its own under a signature's name
    ("en", "Cheers,\nMartin Hughes\nWarehouse Supervisor", {"Warehouse", "Supervisor"}),
    ("es", "Saludos,\nClara Ortega\nJefa de Almacén", {"Jefa", "de", "Almacén"}),
    ("fr", "Cordialement,\nNadia Benali\nResponsable Entrepôt", {"Responsable", "Entrepôt"}),
    ("ca", "Salutacions,\nNúria Vidal\nCap de Magatzem", {"Cap", "de", "Magatzem"}),
    # a part of a "|" line
    ("en", "Owen Blake | Store Manager | Northwind Paper", {"Store", "Manager"}),
    ("es", "Raúl Molina | Director de Ventas | Papelera del Norte", {"Director", "de", "Ventas"}),
    ("fr", "Éric Moreau | Directeur Commercial | Papeteries du Nord", {"Directeur", "Commercial"}),
    ("ca", "Oriol Vila | Director de Vendes | Paperera del Nord", {"Director", "de", "Vendes"}),
    # after "as", "como", "comme", "com a"
    ("en", "Dean works as Warehouse Operative on weekdays.", {"Warehouse", "Operative"}),
    ("es", "Sara actuará como Gestora de Almacén hasta junio.", {"Gestora", "de", "Almacén"}),
    ("fr", "Bruno travaille comme Responsable Entrepôt le samedi.", {"Responsable", "Entrepôt"}),
    ("ca", "En Quim treballa com a Mosso de Magatzem.", {"Mosso", "de", "Magatzem"}),
    # after an article or a possessive: a title, or a team before its team word
    ("en", "The Customer Success team has already emailed them.", {"Customer", "Success"}),
    ("es", "Habla con la Subdirectora Comercial mañana.", {"Subdirectora", "Comercial"}),
    ("fr", "Les Chargés de Clientèle appelleront leurs Grands Clients.", {"Chargés", "de", "Clientèle", "Grands", "Clients"}),
    ("ca", "Parleu amb la Subdirectora Comercial demà.", {"Subdirectora", "Comercial"}),
    # after a recipient's header label
    ("en", "To: Regional Director\nSubject: targets", {"Regional", "Director"}),
    ("es", "Para: Directora Regional\nAsunto: objetivos", {"Directora", "Regional"}),
    ("fr", "À : Directeur Régional\nObjet : objectifs", {"Directeur", "Régional"}),
    ("ca", "Per a: Directora Regional\nAssumpte: objectius", {"Directora", "Regional"}),
    # after a greeting, which is no part of the title
    ("en", "Dear Head of Year,\nThe trip has moved.", {"Head", "of", "Year"}),
    ("es", "Estimado Jefe de Almacén:\nEl pedido ha llegado.", {"Jefe", "de", "Almacén"}),
    ("fr", "Bonjour Responsable Entrepôt,\nLa commande est arrivée.", {"Responsable", "Entrepôt"}),
    ("ca", "Benvolgut Cap de Magatzem,\nLa comanda ha arribat.", {"Cap", "de", "Magatzem"}),
    # a team signing at the message's end or under a sign-off
    ("en", "We apologise for the delay.\n\nEstate Management Team", {"Estate", "Management", "Team"}),
    ("es", "Gracias.\n\nAtentamente,\nLa Administración del Edificio", {"Administración", "del", "Edificio"}),
    ("fr", "Merci de votre patience.\n\nL'Équipe Entretien", {"Équipe", "Entretien"}),
    ("ca", "Gràcies.\n\nAtentament,\nL'Equip de Manteniment", {"Equip", "de", "Manteniment"}),
    # after an article joined to a preposition
    ("fr", "Adressez-vous au Responsable Entrepôt demain.", {"Responsable", "Entrepôt"}),
    ("ca", "Truqueu als Clients Clau demà.", {"Clients", "Clau"}),
    ("es", "Entregad el paquete al Jefe de Almacén mañana.", {"Jefe", "de", "Almacén"}),
    # a comma's part of a line under a name
    ("en", "Mrs Clarke\nPastoral Lead, Year 9", {"Pastoral", "Lead"}),
    # a noun on the language's stop list goes on with the run ("cuenta" is also "he counts")
    ("es", "Los Gestores de Cuenta llamarán mañana.", {"Gestores", "de", "Cuenta"}),
    # the plural of a listed job word, to the dictionary (the lists hold the singular)
    ("es", "Los Profesores de Apoyo deben firmar primero.", {"Profesores", "de", "Apoyo"}),
    ("fr", "Les Livreurs doivent laisser les colis à la loge.", {"Livreurs"}),
    ("ca", "Els Cuiners de Torn arribaran a les set.", {"Cuiners", "de", "Torn"}),
    ("en", "Ask the Kitchen Porters to stack the trays.", {"Kitchen", "Porters"}),
])
def test_a_title_is_read_by_where_it_stands(recognised, lang, text, words):
    found = recognised(office_words.ordinary, text, lang)
    assert words <= set(found) and {found[w] for w in words} == {""}


@pytest.mark.parametrize("lang,text,words", [
    # where a role is named (a form's label, "the post of"), its words need no listed word at all
    ("en", "Position applied for: Night Cleaner\nStart: June", {"Night", "Cleaner"}),
    ("en", "She applied for the post of Kitchen Gardener.", {"Kitchen", "Gardener"}),
    ("es", "Puesto: Ayudante de Cocina\nInicio: junio", {"Ayudante", "de", "Cocina"}),
    ("fr", "Il postule au poste de Commis de Cuisine.", {"Commis", "de", "Cuisine"}),
    ("ca", "Lloc: Ajudant de Cuina\nInici: juny", {"Ajudant", "de", "Cuina"}),
])
def test_a_named_role_needs_no_listed_word(recognised, lang, text, words):
    found = recognised(office_words.ordinary, text, lang)
    assert words <= set(found) and {found[w] for w in words} == {""}


@pytest.mark.parametrize("lang,text,name", [
    # an organisation made of common words is used as one: after "with", "at", "en", "chez", "amb"
    ("en", "The loan is with Summit Finance until June.", {"Summit", "Finance"}),
    ("es", "El préstamo es con Cumbre Finanzas hasta junio.", {"Cumbre", "Finanzas"}),
    ("fr", "Le prêt est chez Sommet Finances jusqu'en juin.", {"Sommet", "Finances"}),
    ("ca", "El préstec és amb Cim Finances fins al juny.", {"Cim", "Finances"}),
    # a plural job word where an organisation stands ("Summit Partners" is a firm)
    ("en", "The loan is with Summit Partners until June.", {"Summit", "Partners"}),
    ("es", "El préstamo es con Cumbre Consultores hasta junio.", {"Cumbre", "Consultores"}),
    # the last line right under a hyphenated name is no team signing: the translator reorders the
    # name with it, and only a hidden line keeps the name apart
    ("en", "Sincerely,\nDana Whitfield-Ruiz\nPeople Operations", {"People"}),
    # a recipient's label asks for a listed word: "To:" names people and firms as well as teams
    ("en", "To: Summit Harvest\nSubject: offer", {"Summit", "Harvest"}),
    # a word for a kind of place makes it an organisation's name or a place's, wherever it stands
    ("en", "Kind regards,\nJane Doe\nCounty Council Services", {"County", "Council"}),
    ("es", "Saludos,\nAna Gil\nServicios del Ayuntamiento", {"Ayuntamiento"}),
    ("fr", "Cordialement,\nLéa Petit\nServices de la Mairie", {"Mairie"}),
    ("ca", "Salutacions,\nPau Serra\nServeis de l'Ajuntament", {"Ajuntament"}),
])
def test_an_organisation_used_as_one_is_left_to_the_name_recognisers(recognised, lang, text, name):
    assert not name & set(recognised(office_words.ordinary, text, lang))


def test_every_source_language_has_its_own_list():
    """The words are each language's: no list is another's copy."""
    lists = {code: LEXICONS[code].office_words for code in ("en", "es", "fr", "ca")}
    assert all(len(words) > 150 for words in lists.values())
    assert {"manager", "team"} <= lists["en"] and {"responsable", "equipo"} <= lists["es"]
    assert {"responsable", "équipe", "tva"} <= lists["fr"] and {"responsable", "equip", "iva"} <= lists["ca"]


@pytest.mark.parametrize("lang,text,acronym", [
    ("en", "Clinic letter\nMRN: 4458812\nSeen today.", "MRN"),
    ("es", "Informe clínico\nNHC: 4458812\nCIP: GARC840512", "NHC"),
    ("fr", "Compte rendu\nRG : 7783\nBilan normal.", "RG"),
    ("ca", "Informe clínic\nCIP: ROCA840512\nRevisió amb la infermera.", "CIP"),
    # inside a line, after a comma, a dash or a possessive, with a word for "number" between
    ("en", "Mr Brannigan (DOB 03/11/1958, MRN 40-778-1932), admitted on Monday.", "MRN"),
    ("en", "Delaney's PPS number is 1234567FA.", "PPS"),
    ("es", "Paciente de 67 años, NHC 3382915. Ingresó ayer.", "NHC"),
    ("fr", "Tribunal judiciaire de Rennes – RG n° 25/04417", "RG"),
    ("ca", "Home de 58 anys, CIP CAMA0670512003. Diagnòstic: asma.", "CIP"),
])
def test_an_acronym_labelling_a_number_or_a_code_is_a_label(recognised, lang, text, acronym):
    assert recognised(office_words.acronym_labels, text, lang).get(acronym) == ""


@pytest.mark.parametrize("lang,text", [
    ("es", "BBVA: su código es 4821."),
    # where an organisation is named: after a verb or a preposition, or before a phone number
    ("en", "Please pay HSBC 4821 by Friday."),
    ("es", "Transferid a BBVA n.º 4821 mañana."),
    ("en", "Call HSBC 0345 740 4404 today."),
])
def test_an_acronym_where_an_organisation_is_named_stays_one(recognised, lang, text):
    assert recognised(office_words.acronym_labels, text, lang) == {}


@pytest.mark.parametrize("lang,text,word", [
    ("en", "Residents can ask the Concierge or call the office.", "Concierge"),
    ("es", "Pueden dejar las llaves al Conserje.", "Conserje"),
    ("fr", "Vous pouvez laisser vos clés au Gardien.", "Gardien"),
    ("ca", "Podeu deixar les claus al Conserge.", "Conserge"),
])
def test_a_lone_role_word_after_an_article_is_ordinary(recognised, lang, text, word):
    assert recognised(office_words.lone_roles, text, lang) == {word: ""}


@pytest.mark.parametrize("lang,text", [
    ("en", "Move to the Reading office."),  # a name's modifier: the noun phrase goes on
    ("en", "Ask the Porter."),  # a census surname
    ("en", "Hotel: The Brimstone, Laugavegur 22."),  # a capitalised article is the name's own
    ("es", "Dile a la Pilar que venga."),  # a first name after the personal article
    ("ca", "Ho sap la Clara."),
])
def test_a_name_after_an_article_stays_a_name(recognised, lang, text):
    assert recognised(office_words.lone_roles, text, lang) == {}


# The whole value of a form's line, headed by a singular word for a job (office_words._label_value)
@pytest.mark.parametrize("lang,text,words", [
    ("en", "Expense claim\nApproved by: Line Manager\nNotes: none", {"Line", "Manager"}),
    ("en", "Covering colleague: Shift Leader", {"Shift", "Leader"}),
    ("es", "Sustituto: Jefe de Turno\nAutorizado por: Gerente de Tienda", {"Jefe", "Turno", "Gerente", "Tienda"}),
    ("fr", "Remplaçant : Chef d'Équipe\nValidé par : Directeur du Magasin", {"Chef", "Équipe", "Directeur", "Magasin"}),
    ("ca", "Substitut: Cap de Torn\nAutoritzat per: Gerent de Botiga", {"Cap", "Torn", "Gerent", "Botiga"}),
    # the items of a value, and a value a lower-case clause goes on from
    ("en", "Attendees: Head Teacher, Deputy Head, Office Manager\nAction: Office Manager to order paper",
     {"Head", "Teacher", "Deputy"}),
    ("es", "Asistentes: Directora, Jefa de Estudios, Responsable de Secretaría\nAcción: Responsable de Secretaría pedirá material",
     {"Jefa", "Estudios", "Responsable", "Secretaría"}),
    ("fr", "Présents : Directrice, Directeur Adjoint, Responsable Administratif\nAction : Responsable Administratif commandera",
     {"Directeur", "Adjoint", "Responsable", "Administratif"}),
    ("ca", "Assistents: Directora, Cap d'Estudis, Responsable de Secretaria\nAcció: Responsable de Secretaria demanarà material",
     {"Cap", "Estudis", "Responsable", "Secretaria"}),
])
def test_a_form_value_headed_by_a_job_word_is_a_title(recognised, lang, text, words):
    found = recognised(office_words.ordinary, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,word", [
    ("en", "Payee: Summit Finance", "Summit"),  # a department is no job: an organisation
    ("en", "Supplier: Summit Partners", "Summit"),  # a plural job word names a firm
    ("es", "Proveedor: Socios Financieros", "Financieros"),
    ("fr", "Fournisseur : Associés Conseil", "Conseil"),
    ("ca", "Proveïdor: Socis Financers", "Financers"),
    ("en", "Approved by: Mark Porter", "Porter"),  # census names
    ("en", "Approved by: Line Manager at Summit Finance", "Summit"),
    ("en", "Payee: Summit Finance, Cork", "Summit"),
    ("en", "Paid to: Summit Finance", "Summit"),  # a form's label ending in "to" is no recipient's
    ("es", "Pagado para: Cruz Verde Seguros", "Verde"),
])
def test_a_form_value_without_a_singular_job_head_is_left_to_the_name_recognisers(recognised, lang, text, word):
    assert word not in recognised(office_words.ordinary, text, lang)


@pytest.mark.parametrize("lang,text,words", [
    ("en", "Your hours will be agreed with Head Chef each week.", {"Head", "Chef"}),
    ("en", "Please check with Office Manager, then sign.", {"Office", "Manager"}),
    ("es", "El horario se acordará con Jefe de Cocina cada semana.", {"Jefe", "de", "Cocina"}),
    ("fr", "Les horaires seront fixés avec Chef de Cuisine chaque semaine.", {"Chef", "de", "Cuisine"}),
    ("ca", "L'horari s'acordarà amb Cap de Cuina cada setmana.", {"Cap", "de", "Cuina"}),
    # after a dash ending its line
    ("en", "Subject: Job offer - Kitchen Porter\n\nDear Liam,", {"Kitchen", "Porter"}),
    ("es", "Asunto: Oferta de empleo - Ayudante de Cocina\n\nEstimado Hugo:", {"Ayudante", "de", "Cocina"}),
    ("fr", "Objet : Offre d'emploi - Chef de Cuisine\n\nCher Hugo,", {"Chef", "de", "Cuisine"}),
    ("ca", "Assumpte: Oferta de feina - Ajudant de Cuina\n\nBenvolgut Hug,", {"Ajudant", "de", "Cuina"}),
])
def test_a_singular_job_after_with_is_a_title(recognised, lang, text, words):
    found = recognised(office_words.ordinary, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,word", [
    ("en", "The loan is with Summit Partners until June.", "Summit"),  # a plural job word names a firm
    ("en", "We booked with Chef Express for the party.", "Express"),  # the head is last in English
    ("es", "Trabaja con Cocina Jefe desde marzo.", "Cocina"),  # and first in Spanish
    ("fr", "Le contrat est avec Chefs Associés depuis mars.", "Associés"),
    ("ca", "El contracte és amb Caps Financers des de març.", "Financers"),
    ("en", "I spoke with Head Chef Mark Porter yesterday.", "Porter"),  # a name goes on after the title
    ("en", "I spoke with Porter yesterday.", "Porter"),  # a lone census surname is a person's
    ("en", "Subject: Invoice - Summit Finance\n\nDear customer,", "Summit"),  # no job head after the dash
    ("es", "Asunto: Factura - Socios Financieros\n\nEstimado cliente:", "Financieros"),
])
def test_after_with_a_run_without_a_singular_job_head_is_left_to_the_name_recognisers(recognised, lang, text, word):
    assert word not in recognised(office_words.ordinary, text, lang)
